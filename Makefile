# Two commands on a fresh machine: `make run` and `make test` (see README.md).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# `PORT=8100 make run` serves the site on another port.
PORT ?= 8000
# Debian packages the project needs beyond Python: bubblewrap is the bot sandbox, jq runs the
# shell example bot; the browser tests drive Debian's chromium through Playwright.
SYSTEM_PACKAGES := bubblewrap jq
TEST_SYSTEM_PACKAGES := chromium

.PHONY: install system-deps test-system-deps run test lint format migrate clean

install: $(STAMP) system-deps

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Installs missing Debian packages when we may (root); otherwise says what is missing.
define ensure_debian_packages
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "WARNING: missing Debian packages:$$missing (sudo apt-get install$$missing)"; \
	  fi; \
	fi
endef

system-deps:
	$(call ensure_debian_packages,$(SYSTEM_PACKAGES))

test-system-deps:
	$(call ensure_debian_packages,$(TEST_SYSTEM_PACKAGES))

migrate: install
	$(PY) manage.py migrate --noinput

# The example bots of every game join its ladder; beat then keeps the ladders playing.
run: migrate
	$(PY) manage.py seed_example_bots
	$(PY) manage.py serve --port $(PORT)

test: install test-system-deps
	$(PY) -m pytest

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: install
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

clean:
	rm -rf var .pytest_cache .ruff_cache
