# The two commands a new user needs:
#   make demo  — install missing system libraries, build in release mode, run the default job
#   make test  — install missing system libraries, build, run every test, the spin viewer in
#                headless Chromium, the project checks (imports vs manifest, layout, the
#                Examples/CustomSelector package), then the regression benchmark against
#                reports/baseline/metrics.csv
# And for contributors: make format — lay out the Swift files as .swift-format says.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
SWIFT ?= swift
RELEASE_BIN = .build/release/orbitbench

.PHONY: demo test format fuzz system-deps

demo: system-deps
	$(SWIFT) build -c release --product orbitbench
	$(RELEASE_BIN) run

test: system-deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee .build/build-tests.log
	@scripts/check-build-warnings.sh .build/build-tests.log
	$(SWIFT) test --skip-build
	SWIFT=$(SWIFT) scripts/check-browser.sh
	SWIFT=$(SWIFT) scripts/check-slurm.sh
	scripts/check-portable-imports.sh
	scripts/check-manifest.sh
	scripts/check-format.sh
	scripts/check-example.sh
	$(SWIFT) build -c release --product fuzz-replay
	.build/release/fuzz-replay Fuzz/corpus Fuzz/regressions
	.build/debug/orbitbench regress

# libFuzzer with AddressSanitizer over every reader (FUZZ_SECONDS per target, default 60);
# findings land in Fuzz/regressions/, which make test replays.
fuzz:
	scripts/fuzz.sh

# Lays out every Swift file as .swift-format says (make test checks it).
format:
	$(SWIFT) format -i -r --configuration .swift-format Sources Tests Plugins Fuzz/Sources Fuzz/Package.swift Examples/CustomSelector/Sources Examples/CustomSelector/Package.swift Package.swift

system-deps:
	@scripts/install-system-deps.sh
