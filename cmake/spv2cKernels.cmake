# spv2c_add_kernels(<target> FILES <file>... [PREFIX <prefix>] [OPTIONS <arg>...])
#
# Each FILE (OpenCL C, a SPIR-V binary or .spvasm; relative to the current
# source folder) becomes NAME.c and NAME.h in
# ${CMAKE_CURRENT_BINARY_DIR}/spv2c/<target>/. NAME.c is added to <target>'s
# sources and that folder to its include path, so the target's code includes
# "NAME.h". The public symbols of each file start with NAME_ (scale.cl:
# scale_run_scale), so several kernel files link into one program; PREFIX
# names the prefix instead and then takes exactly one FILE. OPTIONS go to
# spv2c as they are (-DN=4, -Iinclude, --checked, --math=precise...).
#
# Each command writes a depfile (spv2c -MD -MF): changing a header a kernel
# includes re-transpiles only the kernels that include it, and an output
# whose bytes do not change keeps its time, so its users do not recompile.
# (Found by find_package(spv2c); needs CMake 3.20 for DEPFILE with every
# generator. The policies of that version are recorded with the function.)
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)

function(spv2c_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "PREFIX" "FILES;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "spv2c_add_kernels: unknown arguments: ${arg_UNPARSED_ARGUMENTS}"
                        " (FILES, PREFIX and OPTIONS are the keywords)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "spv2c_add_kernels: no target named ${target}")
  endif()
  if(NOT arg_FILES)
    message(FATAL_ERROR "spv2c_add_kernels(${target}): no FILES")
  endif()
  list(LENGTH arg_FILES nfiles)
  if(DEFINED arg_PREFIX AND NOT nfiles EQUAL 1)
    message(FATAL_ERROR "spv2c_add_kernels(${target}): PREFIX takes one file, not ${nfiles}"
                        " (call it once a file, or leave PREFIX out: each file's is NAME_)")
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/spv2c/${target}")
  file(MAKE_DIRECTORY "${dir}")
  set(names "")
  foreach(file IN LISTS arg_FILES)
    get_filename_component(src "${file}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${file}" NAME_WE)
    get_source_file_property(generated "${src}" GENERATED)
    if(NOT EXISTS "${src}" AND NOT generated)
      message(FATAL_ERROR "spv2c_add_kernels(${target}): no file ${src}"
                          " (FILES, PREFIX and OPTIONS are the keywords)")
    endif()
    if(name IN_LIST names)
      message(FATAL_ERROR "spv2c_add_kernels(${target}): two files named ${name}")
    endif()
    list(APPEND names ${name})
    set(prefix "${name}_")
    if(DEFINED arg_PREFIX)
      set(prefix "${arg_PREFIX}")
    endif()
    _spv2c_add_command("${src}" "${dir}/${name}" "${prefix}" "${arg_OPTIONS}")
    target_sources(${target} PRIVATE "${dir}/${name}.c" "${dir}/${name}.h")
  endforeach()
  target_include_directories(${target} PRIVATE "${dir}")
  find_library(SPV2C_M_LIBRARY m)
  mark_as_advanced(SPV2C_M_LIBRARY)
  if(SPV2C_M_LIBRARY)
    target_link_libraries(${target} PRIVATE "${SPV2C_M_LIBRARY}")
  endif()
endfunction()

# one spv2c command: SRC to OUT.c and OUT.h, with the depfile OUT.d
function(_spv2c_add_command src out prefix options)
  file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${out}.c")
  add_custom_command(
    OUTPUT "${out}.c" "${out}.h"
    COMMAND spv2c::spv2c "${src}" -o "${out}.c" --header "${out}.h" --prefix "${prefix}"
            -MD -MF "${out}.d" ${options}
    DEPENDS "${src}" "$<TARGET_FILE:spv2c::spv2c>"
    DEPFILE "${out}.d"
    COMMENT "spv2c ${shown}"
    VERBATIM)
endfunction()

cmake_policy(POP)
