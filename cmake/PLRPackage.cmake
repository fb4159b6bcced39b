# Install layout beyond the targets' own install() rules: the CMake config
# package (find_package(PLR)) and pkg-config's plr.pc. Both are relocatable:
# they find the prefix from where they are, so `cmake --install build
# --prefix P` works for any P.
include(CMakePackageConfigHelpers)

install(EXPORT PLRTargets NAMESPACE PLR:: DESTINATION lib/cmake/PLR)
set(PLR_CONFIG_CLANG "${PLR_CLANG}")
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/PLRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/PLRConfig.cmake
  INSTALL_DESTINATION lib/cmake/PLR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/cmake/PLRConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/cmake/PLRConfig.cmake ${PROJECT_BINARY_DIR}/cmake/PLRConfigVersion.cmake
  DESTINATION lib/cmake/PLR)

configure_file(${CMAKE_CURRENT_LIST_DIR}/plr.pc.in ${PROJECT_BINARY_DIR}/cmake/plr.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/plr.pc DESTINATION lib/pkgconfig)
