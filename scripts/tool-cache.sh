# Sourced by scripts/setup.sh and scripts/setup-speech.sh: a content-addressed store of the tools they
# build (Go binaries, Python virtualenvs), outside the clone, so that every clone on the machine (CI's
# fresh one included) links to what one of them built instead of building it again. The store is
# QUESTLOG_CACHE, else $XDG_CACHE_HOME/questlog, else ~/.cache/questlog; an entry is NAME-<hash of its
# key> and is never changed once complete (a new pin is a new key). A cold machine builds each entry
# once; where no store can be made, entries are built under the clone's ignored .tools/.cache/.

TOOL_CACHE=${QUESTLOG_CACHE:-${XDG_CACHE_HOME:-${HOME:-$PWD/.tools}/.cache}/questlog}
mkdir -p "$TOOL_CACHE" 2>/dev/null && [ -w "$TOOL_CACHE" ] || TOOL_CACHE=$PWD/.tools/.cache

# cached_tool LINK NAME KEY BUILD [FILE]: makes LINK (a path under .tools/) a symlink to the store's
# entry for NAME and KEY, or to FILE inside it, running `BUILD DIR` first when the entry is missing.
# Entries are built in place (a venv's scripts name their own path), under a lock, so two clones
# starting at once build it once; the .complete marker comes last, so a half-built one is rebuilt.
cached_tool() {
  local link=$1 name=$2 key=$3 build=$4 file=${5:-}
  local dir
  dir="$TOOL_CACHE/$name-$(printf '%s' "$key" | sha256sum | cut -c1-16)"
  # Each step checked by hand: a caller's `if`/`||` turns `set -e` off in here.
  (
    if command -v flock >/dev/null; then flock 9 || exit 1; fi
    if [ ! -e "$dir/.complete" ]; then
      rm -rf "$dir" && mkdir -p "$dir" && "$build" "$dir" && touch "$dir/.complete" || exit 1
    fi
  ) 9>"$dir.lock" || return 1
  local target=$dir${file:+/$file}
  if [ "$(readlink "$link" 2>/dev/null)" != "$target" ]; then
    mkdir -p "$(dirname "$link")"
    rm -rf "$link" && ln -s "$target" "$link" || return 1
  fi
}

# The interpreter a venv is made from, by version and place: a venv links to it.
python_key() { python3 -c 'import os, sys; print(sys.version.split()[0], os.path.realpath(sys.executable))'; }
