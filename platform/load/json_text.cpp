// SPDX-License-Identifier: Apache-2.0
#include "platform/load/json_text.h"
#include <boost/json/error.hpp>
#include <boost/json/parse_options.hpp>
#include <boost/json/stream_parser.hpp>

namespace bh
{

bool parse_json_text(const std::string &text, const std::string &shown, boost::json::value *v,
                     std::string *err)
{
    boost::json::stream_parser sp;
    boost::system::error_code ec;
    const size_t n = sp.write(text.data(), text.size(), ec); /* bytes before the error */
    if (!ec)
        sp.finish(ec);
    if (ec) {
        size_t line = 1, col = 1;
        for (size_t i = 0; i < n && i < text.size(); ++i, ++col)
            if (text[i] == '\n')
                ++line, col = 0;
        *err = shown + ":" + std::to_string(line) + ":" + std::to_string(col) +
               ": invalid JSON: " + ec.message();
        if (ec == boost::json::error::too_deep)
            *err += " (arrays and objects nest at most " +
                    std::to_string(boost::json::parse_options().max_depth) + " levels)";
        return false;
    }
    *v = sp.release();
    return true;
}

} // namespace bh
