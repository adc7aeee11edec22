// SPDX-License-Identifier: Apache-2.0
#include "platform/load/file_read.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <algorithm>
#include <cstring>

namespace bh
{
namespace
{

const char *kind_of(mode_t m)
{
    if (S_ISDIR(m))
        return "is a directory";
    if (S_ISCHR(m))
        return "not a regular file (a character device)";
    if (S_ISBLK(m))
        return "not a regular file (a block device)";
    if (S_ISFIFO(m))
        return "not a regular file (a FIFO)";
    if (S_ISSOCK(m))
        return "not a regular file (a socket)";
    return "not a regular file";
}

bool too_big(uint64_t n, uint64_t max_bytes, std::string *why, uint64_t *size)
{
    if (size)
        *size = n;
    *why = std::to_string(n) + " bytes, more than the limit of " + byte_size_text(max_bytes);
    return false;
}

} // namespace

std::string byte_size_text(uint64_t bytes)
{
    if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (1ull << 10) && bytes % (1ull << 10) == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

bool read_file_capped(const std::string &path, uint64_t max_bytes, std::string *out,
                      std::string *why, uint64_t *size)
{
    /* O_NONBLOCK: opening a FIFO without a writer must not hang before fstat refuses it */
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) {
        *why = std::strerror(errno);
        return false;
    }
    struct stat st;
    bool ok = false;
    std::string text;
    if (::fstat(fd, &st) != 0) {
        *why = std::strerror(errno);
    } else if (!S_ISREG(st.st_mode)) {
        *why = kind_of(st.st_mode);
    } else if (static_cast<uint64_t>(st.st_size) > max_bytes) {
        too_big(static_cast<uint64_t>(st.st_size), max_bytes, why, size);
    } else {
        /* The size is a hint (files in /proc report 0, a file may grow while read): read
         * until end of file, at most one byte past the limit. */
        text.resize(static_cast<size_t>(st.st_size));
        size_t got = 0;
        ok = true;
        for (;;) {
            if (got == text.size()) {
                if (got > max_bytes) {
                    ok = too_big(got, max_bytes, why, size);
                    break;
                }
                text.resize(std::min<uint64_t>(max_bytes + 1, got + 65536));
            }
            const ssize_t n = ::read(fd, &text[got], text.size() - got);
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                *why = std::strerror(errno);
                ok = false;
                break;
            }
            if (n == 0)
                break;
            got += static_cast<size_t>(n);
        }
        text.resize(got);
    }
    ::close(fd);
    if (ok)
        out->swap(text);
    return ok;
}

} // namespace bh
