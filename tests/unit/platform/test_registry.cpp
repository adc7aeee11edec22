// SPDX-License-Identifier: Apache-2.0
/* The block registry's run-end questions, which the run loop asks and nothing else: idle and
 * busy in registration order, the first watchdog fault with its kind, the last cycle a mover
 * moved (capped at now), and a stall only while every mover is idle, reported by the first
 * block that sees one, with the movers' quiet cycle handed to it. No SystemC. */
#include <string>
#include "platform/registry.h"
#include "tests/check.h"

struct Mover {
    bool empty = true;
    uint64_t moved = 0;
};

static bh::BlockHooks mover(const char *name, Mover *m)
{
    bh::BlockHooks h;
    h.name = name;
    h.idle = [m](uint64_t) { return m->empty; };
    h.busy = [name](uint64_t) { return std::string(name) + " holds packets; "; };
    h.last_move = [m] { return m->moved; };
    h.watchdog_kind = "noc_deadlock";
    h.watchdog = [m, name](uint64_t now, uint64_t limit) {
        return !m->empty && now > m->moved + limit ? std::string("deadlock on ") + name
                                                   : std::string();
    };
    return h;
}

static void test_run_end_questions()
{
    Mover a, b;
    uint64_t seen_since = 0;
    int stall_asks = 0;
    bh::BlockRegistry r;
    r.add(mover("noc0", &a));
    r.add(mover("noc1", &b));
    bh::BlockHooks cores;
    cores.name = "cores";
    cores.stall = [&](uint64_t now, uint64_t since, uint64_t limit) {
        stall_asks++;
        seen_since = since;
        return now > since + limit ? std::string("stall: cores") : std::string();
    };
    r.add(cores);

    /* all quiet: idle, nothing busy, no fault; the stall hook hears the latest move */
    a.moved = 100, b.moved = 250;
    CHECK(r.idle(1000));
    CHECK(r.busy(1000).empty());
    const char *kind = "";
    CHECK(r.watchdog(1000, 50, &kind).empty());
    CHECK(r.stall(1000, 800) == "");
    CHECK(seen_since == 250 && stall_asks == 1);
    CHECK(r.stall(1100, 800) == "stall: cores");
    /* last move is capped at now */
    CHECK(r.last_move(200) == 200 && r.last_move(1000) == 250);

    /* a mover holds packets: not idle, named in busy (in order), and no stall is asked */
    b.empty = false;
    CHECK(!r.idle(1000));
    CHECK(r.busy(1000) == "noc1 holds packets; ");
    CHECK(r.stall(5000, 10) == "");
    CHECK(stall_asks == 2);
    /* ... until it has not moved for longer than the limit: its watchdog fires, with its kind */
    CHECK(r.watchdog(260, 50, &kind).empty());
    CHECK(r.watchdog(400, 50, &kind) == "deadlock on noc1" && std::string(kind) == "noc_deadlock");
    a.empty = false;
    CHECK(r.watchdog(400, 50, &kind) == "deadlock on noc0"); /* the first registered */
    CHECK(r.busy(400) == "noc0 holds packets; noc1 holds packets; ");
}

int main()
{
    RUN(test_run_end_questions);
    return check_failures();
}
