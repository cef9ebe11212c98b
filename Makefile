# Olympus: everything a fresh clone needs goes through these targets.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

BUF_VERSION := 1.75.0
BUF := .tools/node_modules/.bin/buf

.PHONY: install proto protolint docs test test-loaded lint typecheck unit soak bench fuzz run selfplay clean ts-client \
	cpp-client ruby-client \
	test-browser provision images test-containers faults ci

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Regenerate the protobuf/gRPC code (committed, under services/olympus/v1) from protos/.
proto: $(STAMP)
	$(PY) -m grpc_tools.protoc -Iprotos --python_out=services --pyi_out=services \
		--grpc_python_out=services protos/olympus/v1/*.proto

# buf from the npm registry, pinned, into .tools/ (no global install).
$(BUF):
	npm install --silent --no-audit --no-fund --prefix .tools @bufbuild/buf@$(BUF_VERSION)

# buf lint, and buf breaking against the previous commit (skipped when there is none, e.g. a
# shallow clone).
protolint: $(BUF)
	$(BUF) lint protos
	@if git rev-parse -q --verify HEAD~1 >/dev/null; then \
		$(BUF) breaking protos --against '.git#ref=HEAD~1,subdir=protos'; \
	else echo "buf breaking: no previous commit to compare with"; fi

# ruff, and the service boundaries (import-linter's contracts in pyproject.toml).
lint: $(STAMP)
	$(PY) -m ruff check services tests
	$(PY) -m ruff format --check services tests
	$(VENV)/bin/lint-imports

typecheck: $(STAMP)
	$(PY) -m mypy

# The TypeScript client (clients/typescript): its pinned packages from the npm registry, its code
# generated from protos/ (protoc-gen-es, through buf) and compiled; rebuilt when its inputs change.
TS_CLIENT := clients/typescript
TS_STAMP := $(TS_CLIENT)/dist/.built
$(TS_STAMP): $(TS_CLIENT)/package.json $(TS_CLIENT)/package-lock.json $(TS_CLIENT)/buf.gen.yaml \
		$(TS_CLIENT)/tsconfig.json $(wildcard $(TS_CLIENT)/src/*.ts $(TS_CLIENT)/examples/*.ts) \
		$(wildcard clients/vendor/google/rpc/*.proto) \
		$(wildcard protos/olympus/v1/*.proto)
	cd $(TS_CLIENT) && npm ci --silent --no-audit --no-fund && npm run --silent build
	touch $@

ts-client: $(TS_STAMP)

# The C++ example bot (clients/cpp): Debian's gRPC and protobuf compilers and libraries (installed
# here if missing, as root), its stubs generated from protos/ and compiled by CMake.
CPP_CLIENT := clients/cpp
CPP_BOT := $(CPP_CLIENT)/build/olympus_bot
CPP_PACKAGES := libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler pkg-config cmake g++
$(CPP_BOT): $(wildcard $(CPP_CLIENT)/*.cc $(CPP_CLIENT)/include/olympus/*.h clients/vendor/google/rpc/*.proto) \
		$(CPP_CLIENT)/CMakeLists.txt \
		$(wildcard protos/olympus/v1/*.proto)
	@command -v grpc_cpp_plugin >/dev/null || \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(CPP_PACKAGES)
	cmake -S $(CPP_CLIENT) -B $(CPP_CLIENT)/build >/dev/null
	cmake --build $(CPP_CLIENT)/build -j2 >/dev/null

cpp-client: $(CPP_BOT)

# The Ruby example bot (clients/ruby): Debian's Ruby, gRPC and protobuf (installed here if
# missing, as root), its messages and stubs generated from protos/ by protoc and
# grpc_ruby_plugin (google.api's and google.rpc's come with Debian's googleapis types).
RUBY_CLIENT := clients/ruby
RUBY_STAMP := $(RUBY_CLIENT)/gen/.built
RUBY_PACKAGES := ruby ruby-grpc ruby-google-protobuf protobuf-compiler-grpc protobuf-compiler
RUBY_PROTOS := $(addprefix protos/olympus/v1/,board.proto game.proto matchmaking.proto)
$(RUBY_STAMP): $(RUBY_PROTOS)
	@(command -v grpc_ruby_plugin && ruby -e 'require "grpc"') >/dev/null 2>&1 || \
		DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(RUBY_PACKAGES)
	rm -rf $(RUBY_CLIENT)/gen && mkdir -p $(RUBY_CLIENT)/gen
	protoc -Iprotos --ruby_out=$(RUBY_CLIENT)/gen --grpc_out=$(RUBY_CLIENT)/gen \
		--plugin=protoc-gen-grpc=$$(command -v grpc_ruby_plugin) $(RUBY_PROTOS)
	touch $@

ruby-client: $(RUBY_STAMP)

# Two workers, each taking whole files (their module fixtures, services and Redis, start once):
# most tests wait on the processes they start, so the suite takes about half as long.
UNIT_WORKERS ?= 2
unit: $(STAMP) $(TS_STAMP) $(CPP_BOT) $(RUBY_STAMP)
	$(PY) -m pytest -n $(UNIT_WORKERS) --dist loadfile -rs

# The documentation site (mkdocs.yml; the API reference generated from protos/ by
# tools/protodoc.py during the build), warnings as errors, into site/ (git-ignored); without
# mkdocs-material's banner about MkDocs 2.0 on every build.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

test: lint typecheck protolint docs unit

# `make test` while busy loops (LOAD_LOOPS, default one per core) hold the cores: the bar that
# shows a loaded machine does not turn the suite red. It prints the CPU the loops got.
LOAD_LOOPS ?= $(shell nproc)
test-loaded: $(STAMP)
	$(PY) tools/under_load.py --loops $(LOAD_LOOPS) -- $(MAKE) test

soak: $(STAMP)
	$(PY) -m pytest -m slow

# The web client in a real browser: Debian's chromium (installed here if missing, as root),
# driven by Playwright for Python (never `playwright install`). Screenshots and timings land in
# artifacts/screenshots/.
test-browser: $(STAMP)
	@command -v chromium >/dev/null || apt-get install -y chromium
	npm ci --prefix tests/web --no-audit --no-fund --ignore-scripts
	$(PY) -m pytest -m browser

bench: $(STAMP)
	$(PY) -m olympus.bench

# Malformed and illegal answers at every kind of decision of real games (a real game service
# on a private Redis): prints one JSON summary line, fails on any internal error, state change
# after a refusal, wrongly accepted answer or oversized reply. CI runs it with a smaller count.
FUZZ_COUNT ?= 100000
fuzz: $(STAMP)
	$(PY) -m olympus.bench.fuzz --count $(FUZZ_COUNT) --service-flag=--quotas --service-flag=off

selfplay: $(STAMP)
	$(VENV)/bin/olympus selfplay --players 2 --games 20 --seed 1 --bot random --corporate-era --json

# The whole platform locally: an embedded Redis unless OLYMPUS_REDIS_URL is set.
# `make run PROCESSES=2`: that many game-service processes and Celery workers (one per core
# to use them all; WORKERS=N sets the workers apart). See docs/processes.md.
PROCESSES ?= 1
WORKERS ?= $(PROCESSES)
run: $(STAMP)
	$(VENV)/bin/olympus run --game-processes $(PROCESSES) --workers $(WORKERS)

# Docker, as root: the engine from Debian's packages (started with --iptables=false), then the
# images built locally (no registry), each rebuilt only when its inputs changed.
provision:
	sh deploy/docker/provision.sh

images: $(STAMP) provision
	PYTHON=$(PY) sh deploy/docker/images.sh

# Tests that run containers (testcontainers' Redis, the whole compose stack). With CI set, a
# container test that cannot run fails instead of skipping.
test-containers: images
	$(PY) -m pytest -m containers

# The fault matrix in the compose stack: one JSON line per fault. CI runs it with fewer games
# and a shorter stop of beat (FAULT_BEAT_PAUSE seconds; see docs/host/faults.md).
FAULT_GAMES ?= 100
FAULT_BEAT_PAUSE ?= 60
faults: images
	$(PY) -m olympus.faults --games $(FAULT_GAMES) --beat-pause $(FAULT_BEAT_PAUSE)

# What CI runs (.ci/run): the tests, then the browser, container and fault groups; the fault
# matrix with fewer games, to keep the whole run well under 30 minutes.
CI_FAULT_GAMES ?= 5
CI_FAULT_BEAT_PAUSE ?= 15
ci:
	$(MAKE) test
	$(MAKE) test-browser
	$(MAKE) test-containers
	$(MAKE) faults FAULT_GAMES=$(CI_FAULT_GAMES) FAULT_BEAT_PAUSE=$(CI_FAULT_BEAT_PAUSE)

clean:
	rm -rf $(VENV) .tools build dist *.egg-info $(TS_CLIENT)/node_modules $(TS_CLIENT)/dist \
		$(TS_CLIENT)/src/gen $(CPP_CLIENT)/build
