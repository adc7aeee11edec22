/* platform/output/vcd_writer.h - the run's VCD, written by the blocks that change it.
 *
 * A block registers the variables it wants traced in a group of its own and calls
 * VcdGroup::sample() after each of its steps (and wherever else it changes them), or reports
 * each change itself (update_if_open) when it knows what changed. Sampling
 * compares the group's variables with what the file last said and queues the ones that
 * differ; when simulated time moves on, the queued values are written under the time they
 * were sampled at. So a signal's value at time t is its value after the last sample at t, as
 * at the end of a SystemC time step, and a block that does not step costs nothing: the file
 * is driven by activity, not polled. (SystemC's own sc_trace_file compares every traced
 * variable at every time step, which made tracing cost several times the simulation.)
 *
 * The file: timescale 1 fs (the kernel's resolution, in which the blocks' phases are exact),
 * scopes from the dotted names under a top scope "SystemC" (GTKWave save files written by
 * earlier runs keep working), vectors written without leading zeros, no $date (two runs of
 * one command write identical files). The last line is the time the file was closed, so a
 * viewer shows the signals up to the end of the run. */
#ifndef BH_VCD_WRITER_H
#define BH_VCD_WRITER_H
#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

namespace bh
{

class VcdWriter;

/* Told every value change the file is told (and, in a writer opened without a file, would be
 * told), in time order: the timeline (timeline.h) is drawn from the same changes. */
class VcdListener
{
  public:
    virtual ~VcdListener() = default;
    /* signal went from `was` to `value` at t_fs */
    virtual void changed(uint32_t signal, uint64_t t_fs, uint64_t was, uint64_t value) = 0;
    /* a profiler zone of the core whose state is `signal` opened (name) or closed (null) at
     * t_fs: not a value the VCD can show, so only listeners hear of it */
    virtual void zone(uint32_t signal, uint64_t t_fs, const char *name)
    {
        (void)signal;
        (void)t_fs;
        (void)name;
    }
};

class VcdGroup
{
  public:
    /* compares the group's variables now; cheap when nothing changed */
    void sample();

  private:
    friend class VcdWriter;
    explicit VcdGroup(VcdWriter *w) : w_(w) {}
    VcdWriter *w_;
    std::vector<uint32_t> vars_; /* indices into the writer's variables */
};

class VcdWriter
{
  public:
    VcdWriter() = default;
    ~VcdWriter();
    VcdWriter(const VcdWriter &) = delete;
    VcdWriter &operator=(const VcdWriter &) = delete;

    /* A group the caller samples; it lives as long as the writer (sampling after close()
     * does nothing). */
    VcdGroup *group();
    /* Traces *v (1, 2, 4 or 8 bytes, unsigned) as `width` bits under the dotted full name, in
     * group g, or in none (null) when its block reports changes itself (update_if_open); *v is
     * its value at open. Before open() only. Returns the signal's index. */
    uint32_t add(VcdGroup *g, const void *v, size_t bytes, const std::string &name, unsigned width);
    template <typename T>
    uint32_t add(VcdGroup *g, const T &v, const std::string &name, unsigned width)
    {
        static_assert(sizeof(T) <= 8, "traced variables are at most 64 bits");
        return add(g, &v, sizeof v, name, width);
    }
    template <typename T> uint32_t add(VcdGroup *g, const T &v, const std::string &name)
    {
        return add(g, v, name, 8 * sizeof v);
    }
    /* signal's new value, from the block that changed it (which then need not be sampled) */
    void update_if_open(uint32_t signal, uint64_t value)
    {
        if (open_)
            update(signal, value);
    }
    /* a zone of the core whose state is `signal` (VcdListener::zone), now */
    void zone_if_listened(uint32_t signal, const char *name);
    /* signal (from add) is sampled with group g too: one signal, changed from two places */
    void also(VcdGroup *g, uint32_t signal)
    {
        g->vars_.push_back(signal);
    }

    /* writes the header and every variable's value at time 0; false with *err naming the
     * file when it cannot be written */
    bool open(const std::string &path, std::string *err);
    /* samples and tells the listener as open() would, writing no file (a timeline without a
     * VCD) */
    void open_without_file();
    /* the signals whose changes l is told (want[signal] != 0); before open, at most one */
    void listen(VcdListener *l, std::vector<uint8_t> want)
    {
        listener_ = l;
        listened_ = std::move(want);
        listened_.resize(vars_.size());
    }
    const std::string &name(uint32_t signal) const
    {
        return names_[signal];
    }
    /* the value the file shows now (what was last told) */
    uint64_t value(uint32_t signal) const
    {
        return vars_[signal].said;
    }
    /* writes what is queued and the closing time; false with *err on a write error */
    bool close(std::string *err);
    bool is_open() const
    {
        return open_;
    }
    size_t signals() const
    {
        return vars_.size();
    }

  private:
    friend class VcdGroup;
    struct Var { /* what sampling reads: 32 bytes, two to a cache line */
        const void *p;
        uint64_t said;    /* the value the file shows */
        uint64_t pending; /* sampled at pending_t_, not yet written */
        uint8_t bytes, width, queued;
    };
    struct IdCode { /* a variable's VCD id, as put_value copies it: the first n of c */
        char c[7];
        uint8_t n;
    };
    uint64_t read(const Var &v) const;
    void sample(const VcdGroup &g);
    void update(uint32_t signal, uint64_t value);
    void at_now();                      /* time moved on: what was queued goes to the buffer */
    void set(uint32_t var, uint64_t x); /* x sampled now */
    void flush();                       /* writes the values queued at pending_t_ */
    void put_value(uint32_t var, uint64_t value);
    void spill();         /* the buffer to the file */
    char *room(size_t n); /* where the next n bytes go (used_ moves when they are written) */
    void put(const std::string &s);

    std::deque<VcdGroup> groups_;
    std::vector<Var> vars_;
    std::vector<std::string> names_; /* by variable: its dotted name */
    std::vector<IdCode> ids_;        /* by variable */
    std::vector<uint32_t> queued_;
    uint64_t pending_t_ = 0, written_t_ = 0;
    std::FILE *f_ = nullptr;
    std::string path_;
    std::vector<char> out_; /* what is written but not yet in the file: its first used_ bytes */
    size_t used_ = 0;
    bool write_failed_ = false;
    bool open_ = false; /* sampling: with a file (f_), or for the listener alone */
    VcdListener *listener_ = nullptr;
    std::vector<uint8_t> listened_;
};

inline void VcdGroup::sample()
{
    if (w_->open_)
        w_->sample(*this);
}

} // namespace bh
#endif
