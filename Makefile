# Hamel — the two set-up commands of the README:
#   make run    install dependencies if missing, configure, build, run the main job
#   make test   the same, then run every test
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps configure build run test bench clean

all: build

deps:
	@./scripts/install-deps

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) > $(BUILD).configure.log || (cat $(BUILD).configure.log; exit 1)

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The main job on the flagship example.
run: build
	./$(BUILD)/hamel derive examples/chaplygin_sphere.yaml --latex $(BUILD)/chaplygin_sphere.tex --json $(BUILD)/chaplygin_sphere.json
	@echo "make run: the report is $(BUILD)/chaplygin_sphere.tex (LaTeX) and $(BUILD)/chaplygin_sphere.json"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Benchmarks side by side with their SymPy references (bench/README.md).
bench: build
	./bench/run $(BUILD)

clean:
	rm -rf $(BUILD) $(BUILD).configure.log
