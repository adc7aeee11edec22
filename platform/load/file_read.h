/* platform/load/file_read.h - reads a whole input file (config, NoC trace, Tensix stream script,
 * L1 image) with a size limit. Only regular files are read: a directory, a device such as
 * /dev/zero or a FIFO is refused before anything is read, and a file that is (or grows)
 * larger than the limit is refused rather than read until memory runs out. */
#ifndef BH_FILE_READ_H
#define BH_FILE_READ_H
#include <cstdint>
#include <string>

namespace bh
{

/* Loader limits, documented in docs/configuration.md and docs/running.md. */
constexpr uint64_t kConfigFileMaxBytes = 16ull << 20;    /* --config and its includes */
constexpr uint64_t kNocTraceFileMaxBytes = 256ull << 20; /* workload.trace */
constexpr uint64_t kStreamFileMaxBytes = 64ull << 20;    /* workload.t0/t1/t2/brisc */

/* Reads the regular file `path` into *out when it has at most max_bytes bytes. Otherwise
 * returns false with the reason in *why ("not a regular file (a character device)", "is a
 * directory", "No such file or directory", "1048577 bytes, more than the limit of 1 MiB")
 * and, when the file is too large, its size (at least max_bytes + 1) in *size if size is
 * given. *out is unchanged on failure. */
bool read_file_capped(const std::string &path, uint64_t max_bytes, std::string *out,
                      std::string *why, uint64_t *size = nullptr);

/* "16 MiB", "1536 KiB", "100 bytes". */
std::string byte_size_text(uint64_t bytes);

} // namespace bh
#endif
