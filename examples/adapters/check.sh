#!/usr/bin/env bash
# Builds each plain adapter whose toolchain this machine has and runs the gate on it at strict, then the
# fuzz campaign's bounded-exhaustive phase, then asks it for a text holding a lone surrogate back:
# docs/protocol.md §8 "Per-language notes" gives their results.
# From the repository root: bash examples/adapters/check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$(mktemp -d)
gate() {
  local name=$1 command=$2
  echo "== $name"
  npx prunecheck run --cmd "$command" --level strict --out "$out/$name"
  npx prunecheck fuzz --cmd "$command" --level strict --time 0 --exhaustive 2 --out "$out/$name-fuzz" --corpus "$out/corpus"
  node examples/adapters/lone-surrogate.mjs "$command"
}

if command -v go >/dev/null; then
  (cd examples/adapters/go && go build -o adapter .)
  gate go examples/adapters/go/adapter
else echo "== go: no toolchain, skipped"; fi

if command -v cargo >/dev/null; then
  # Offline, Debian's packaged crates (apt install librust-serde-json-dev) stand in for crates.io.
  offline=()
  if [ -d /usr/share/cargo/registry ]; then
    offline=(--offline --config 'source.crates-io.replace-with="debian"' --config 'source.debian.directory="/usr/share/cargo/registry"')
  fi
  (cd examples/adapters/rust && cargo build --quiet --release "${offline[@]}")
  gate rust examples/adapters/rust/target/release/plain-rust
else echo "== rust: no toolchain, skipped"; fi

gson=${GSON_JAR:-$HOME/.m2/repository/com/google/code/gson/gson/2.13.2/gson-2.13.2.jar}
if command -v javac >/dev/null && [ -f "$gson" ]; then
  javac -cp "$gson" examples/adapters/java/PlainAdapter.java
  gate java "java -cp $gson:examples/adapters/java PlainAdapter"
else echo "== java: no javac or no Gson jar (GSON_JAR), skipped"; fi
