# RV32 cross compilation: the baby RISC-V programs (tests now, firmware later) are built by the
# same build as the simulator, into the build tree, with the riscv64-unknown-elf toolchain.
#
# bh_add_rv_program(<name>
#     SOURCES <src>...                 .c, .cc, .S or .s files (relative to the current source dir);
#                                      .cc is freestanding C++17 (riscv64-unknown-elf-g++)
#     [LINKER_SCRIPT <ld>]             default: none (the toolchain's, or picolibc's with LIBC)
#     [MARCH <isa>]                    default: BH_RV_MARCH
#     [CFLAGS <flag>...]               added after the defaults (e.g. -DFOO, -O0, -I...)
#     [LDFLAGS <flag>...]
#     [LIBC]                           link picolibc (--specs=picolibc.specs) instead of -nostdlib
#     [STARTFILES])                    with LIBC: picolibc's crt0 too (else the program has its own)
# builds ${CMAKE_CURRENT_BINARY_DIR}/<name>.elf and <name>.dis (objdump -d), each source compiled
# on its own with a depfile so a header change rebuilds it; the target <name> is part of ALL and
# its property BH_RV_ELF holds the ELF's path (for tests: $<TARGET_PROPERTY:<name>,BH_RV_ELF>).

find_program(BH_RV_GCC riscv64-unknown-elf-gcc)
find_program(BH_RV_GXX riscv64-unknown-elf-g++)
find_program(BH_RV_OBJDUMP riscv64-unknown-elf-objdump)
if(NOT BH_RV_GCC OR NOT BH_RV_GXX OR NOT BH_RV_OBJDUMP)
  message(FATAL_ERROR "riscv64-unknown-elf-gcc/g++/objdump not found: the RV32 programs need the "
    "cross compiler. Run scripts/deps.sh (Debian package gcc-riscv64-unknown-elf, and "
    "picolibc-riscv64-unknown-elf for programs that use libc).")
endif()

# The Blackhole baby core: RV32IM + Zicsr + Zba + Zbb. Programs that use pack/packh/brev8 add
# _zbkb, programs that use amo*.w use rv32ima... (GCC 12 knows no Zaamo; such programs must
# not use lr/sc, which the core does not have).
set(BH_RV_MARCH rv32im_zicsr_zba_zbb CACHE STRING "default -march of RV32 programs")
set(BH_RV_MABI ilp32)
set(BH_RV_CFLAGS -mabi=${BH_RV_MABI} -O2 -g -ffreestanding -fno-common -ffunction-sections
  -fdata-sections -Wall -Wextra -Werror -mno-relax)
# kernels in C++ (tt-metal's dataflow API): no exceptions, RTTI or guarded statics at runtime
set(BH_RV_CXXFLAGS -std=c++17 -fno-exceptions -fno-rtti -fno-threadsafe-statics
  -fno-use-cxa-atexit)

function(bh_add_rv_program name)
  cmake_parse_arguments(P "LIBC;STARTFILES" "LINKER_SCRIPT;MARCH" "SOURCES;CFLAGS;LDFLAGS" ${ARGN})
  if(NOT P_SOURCES)
    message(FATAL_ERROR "bh_add_rv_program(${name}): no SOURCES")
  endif()
  if(NOT P_MARCH)
    set(P_MARCH ${BH_RV_MARCH})
  endif()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${name}.rv)
  set(elf ${CMAKE_CURRENT_BINARY_DIR}/${name}.elf)
  set(dis ${CMAKE_CURRENT_BINARY_DIR}/${name}.dis)
  set(libc_flags "")
  if(P_LIBC)
    set(libc_flags --specs=picolibc.specs)
  endif()
  set(objs "")
  foreach(src ${P_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(base ${src} NAME)
    set(obj ${dir}/${base}.o)
    set(cc ${BH_RV_GCC})
    set(lang_flags "")
    if(base MATCHES "\\.cc$")
      set(cc ${BH_RV_GXX})
      set(lang_flags ${BH_RV_CXXFLAGS})
    endif()
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${cc} -march=${P_MARCH} ${BH_RV_CFLAGS} ${lang_flags} ${libc_flags}
        -I${CMAKE_SOURCE_DIR} ${P_CFLAGS} -MD -MF ${obj}.d -c ${abs} -o ${obj}
      DEPENDS ${abs}
      DEPFILE ${obj}.d
      COMMENT "RV32 cc ${name}: ${base}"
      VERBATIM)
    list(APPEND objs ${obj})
  endforeach()
  set(ld_flags "")
  set(ld_deps "")
  if(P_LINKER_SCRIPT)
    get_filename_component(ld ${P_LINKER_SCRIPT} ABSOLUTE)
    set(ld_flags -T${ld})
    set(ld_deps ${ld})
  endif()
  if(P_LIBC AND P_STARTFILES)
    set(stdlib_flags --specs=picolibc.specs)
  elseif(P_LIBC)
    set(stdlib_flags --specs=picolibc.specs -nostartfiles)
  else()
    set(stdlib_flags -nostdlib -nostartfiles)
  endif()
  # GCC 12 picks a multilib by the exact -march, and none is built for _zba_zbb: link with the
  # plain rv32im (or rv32ima) multilib, whose libgcc/picolibc objects any of our cores can run.
  string(REGEX MATCH "^rv32[a-z]*" link_march ${P_MARCH})
  string(REGEX REPLACE "^(rv32i)(m?)(a?).*" "\\1\\2\\3" link_march ${link_march})
  add_custom_command(OUTPUT ${elf} ${dis}
    COMMAND ${BH_RV_GCC} -march=${link_march} -mabi=${BH_RV_MABI} ${stdlib_flags} ${ld_flags}
      -Wl,--gc-sections -Wl,--no-relax -Wl,--no-warn-rwx-segments ${P_LDFLAGS} ${objs} -lgcc -o ${elf}
    COMMAND sh -c "${BH_RV_OBJDUMP} -d ${elf} > ${dis}"
    DEPENDS ${objs} ${ld_deps}
    COMMENT "RV32 link ${name}.elf"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS ${elf})
  set_target_properties(${name} PROPERTIES BH_RV_ELF ${elf})
endfunction()
