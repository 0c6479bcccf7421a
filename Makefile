# The two commands a new user needs:
#   make demo  — install missing system libraries, build in release mode, run the default job
#   make test  — install missing system libraries, build, run every test and project check
#                (the Examples/CustomSelector package included), then the regression benchmark against reports/baseline/metrics.csv
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
RELEASE_BIN = .build/release/orbitbench

.PHONY: demo test system-deps

demo: system-deps
	$(SWIFT) build -c release --product orbitbench
	$(RELEASE_BIN) run

test: system-deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee .build/build-tests.log
	@scripts/check-build-warnings.sh .build/build-tests.log
	$(SWIFT) test --skip-build
	scripts/check-portable-imports.sh
	scripts/check-manifest.sh
	scripts/check-example.sh
	.build/debug/orbitbench regress

system-deps:
	@scripts/install-system-deps.sh
