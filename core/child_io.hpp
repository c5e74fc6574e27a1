// core/child_io.hpp — the few system calls shared by the code that runs work in child processes
// (core/isolated.cpp, core/parallel.cpp): sockets written without SIGPIPE, exact reads, framing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace hamel::detail {

/// Writes all of `s` to a socket; gives up silently when the peer is gone (no SIGPIPE).
void send_all(int fd, const std::string& s);

/// Reads exactly `n` bytes; false at the end of the stream or on an error.
bool read_exact(int fd, char* p, std::size_t n);

/// `s` with its length in front (8 bytes, this machine's order).
std::string length_prefixed(const std::string& s);

/// The length-prefixed part of `text` that starts at `at`; `at` moves past it.
/// @throws std::out_of_range when `text` ends first.
std::string next_prefixed(const std::string& text, std::size_t& at);

/// A length-prefixed string read from `fd`; false when the stream ended first.
bool read_prefixed(int fd, std::string& out);

/// Standard input, output and error on /dev/null (a child must not write into the parent's streams).
void quiet_streams();

}  // namespace hamel::detail
