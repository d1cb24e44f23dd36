#pragma once
// Hot loops compiled twice: with the popcnt instruction and without, the copy chosen at run time.
//
// The build assumes no processor extension (no -march flag), so std::popcount is a library call
// or a long sequence of shifts. The loops that count bits (the scoring kernels and the scans of
// the solver) are therefore compiled a second time for processors that have the instruction, and
// each caller picks its copy once, when it chooses its kernel, from has_popcnt().
//
// The pattern, the same in every file that does it: the loop is an always-inline template
// (`scan_impl`); a macro DEFINE(COPY, ATTR) defines `struct COPY` whose static members, each
// marked ATTR, call it; MM_COMPILE_TWICE(DEFINE) expands that into `portable` and `with_popcnt`.
//
//   template <int FW> [[gnu::always_inline]] inline int scan_impl(const Key* k) noexcept { ... }
//   #define MM_SCAN(COPY, ATTR) struct COPY { template <int FW> ATTR static int scan(const Key* k) ... };
//   MM_COMPILE_TWICE(MM_SCAN)
//   #undef MM_SCAN
//   ... const auto fn = has_popcnt() ? with_popcnt::scan<0> : portable::scan<0>;
//
// The copies are types, so a template can build one table of kernels for either. Where the
// compiler cannot target the instruction, both copies are portable code and has_popcnt() is false.
//
// A few loops over one-word keys, the hottest of the exact optimal search, have a third copy for
// processors with AVX2, which scores four keys at once (avx2_slots.hpp), marked MM_AVX2_TARGET and
// chosen where has_avx2() says so. Those loops, their like over two-word keys and the colour
// floors also have a copy for processors that count the bits of four words in one instruction
// (AVX-512's VPOPCNTDQ on 256-bit registers, avx512_slots.hpp), marked MM_AVX512_TARGET and chosen
// before the AVX2 copy where has_avx512_popcount() says so.

namespace mm {

#if defined(__x86_64__) && defined(__GNUC__)

#define MM_POPCNT_TARGET [[gnu::target("popcnt")]]

// Whether this processor has the popcnt instruction (asked once).
inline bool has_popcnt() noexcept {
  static const bool yes = __builtin_cpu_supports("popcnt");
  return yes;
}

#define MM_AVX2_TARGET [[gnu::target("avx2,popcnt")]]
#define MM_HAS_AVX2_COPY 1

// Whether this processor has AVX2 (and popcnt, which every one of them has), asked once.
inline bool has_avx2() noexcept {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
  return yes;
}

#define MM_AVX512_TARGET [[gnu::target("avx2,popcnt,avx512f,avx512vl,avx512vpopcntdq")]]

// Whether this processor counts the bits of each word of a 256-bit register in one instruction
// (AVX-512 VPOPCNTDQ with VL: Zen 4, Ice Lake and later servers), with AVX2 beside; asked once.
// The processor's answer takes in whether the system saves the AVX-512 registers.
inline bool has_avx512_popcount() noexcept {
  static const bool yes = has_avx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
                          __builtin_cpu_supports("avx512vpopcntdq");
  return yes;
}

#else

#define MM_POPCNT_TARGET
#define MM_AVX2_TARGET
#define MM_AVX512_TARGET
#define MM_HAS_AVX2_COPY 0

inline bool has_popcnt() noexcept { return false; }
inline bool has_avx2() noexcept { return false; }
inline bool has_avx512_popcount() noexcept { return false; }

#endif

#define MM_COMPILE_TWICE(DEFINE) DEFINE(portable, ) DEFINE(with_popcnt, MM_POPCNT_TARGET)

}  // namespace mm
