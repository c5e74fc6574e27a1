hamel_example(chaplygin_frame)
hamel_example(readme_example)
hamel_example(chaplygin_sphere)
# The system files must derive without error.
if(HAMEL_BUILD_TESTS)
  foreach(system chaplygin_sphere nonholonomic_particle solid_of_revolution routh_sphere ellipsoid rolling_disk)
    add_test(NAME derive.${system} COMMAND hamel_cli derive examples/${system}.yaml --quiet
             WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  endforeach()
  add_test(NAME check.nonholonomic_particle COMMAND hamel_cli check examples/nonholonomic_particle.yaml
           examples/nonholonomic_particle.claims.yaml WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endif()
