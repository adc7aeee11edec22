/* platform/registry.h - what the run loop asks of every block that can hold a run open or
 * stop it: whether it is idle, its error, the last cycle it was busy, and what it is doing when
 * a run cannot end. Each shell (or the chip, for blocks it assembles) registers a block once;
 * the run loop iterates over the registry, so a new block is an addition, not an edit of the
 * loop, and nothing asks a block for its concrete type. */
#ifndef BH_REGISTRY_H
#define BH_REGISTRY_H
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bh
{

struct BlockHooks {
    std::string name;                       /* instance name, e.g. tile_x01_y02_l1 */
    const char *error_kind = "";            /* the report's error kind for its errors */
    std::function<bool(uint64_t now)> idle; /* null: never holds a run open */
    std::function<std::string()> error;     /* "" or null: none; else the run stops */
    std::function<uint64_t()> last_busy;    /* null: not counted in a run's length */
    std::function<std::string(uint64_t now)>
        busy; /* what it still does; null: "<name> is busy; " */
};

class BlockRegistry
{
  public:
    void add(BlockHooks h)
    {
        blocks_.push_back(std::move(h));
    }
    bool idle(uint64_t now) const
    {
        for (const BlockHooks &b : blocks_)
            if (b.idle && !b.idle(now))
                return false;
        return true;
    }
    /* the first registered block's error ("" if none), and its kind */
    std::string error(const char **kind) const
    {
        for (const BlockHooks &b : blocks_)
            if (std::string e = b.error ? b.error() : ""; !e.empty()) {
                *kind = b.error_kind;
                return e;
            }
        return "";
    }
    uint64_t last_busy() const
    {
        uint64_t last = 0;
        for (const BlockHooks &b : blocks_)
            if (b.last_busy)
                last = std::max(last, b.last_busy());
        return last;
    }
    std::string busy(uint64_t now) const
    {
        std::string why;
        for (const BlockHooks &b : blocks_)
            if (b.idle && !b.idle(now))
                why += b.busy ? b.busy(now) : b.name + " is busy; ";
        return why;
    }

  private:
    std::vector<BlockHooks> blocks_;
};

} // namespace bh
#endif
