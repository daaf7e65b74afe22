#!/usr/bin/env bash
# Sets a fresh machine up and starts Verbatim on its embedded defaults (README "Quick start"):
#   1. checks Node.js (20.9 or newer);
#   2. installs what transcription needs from the OS package manager when it is missing:
#      ffmpeg everywhere, and PocketSphinx (the offline English engine) where the OS packages
#      the command the app runs (Debian/Ubuntu) — asking before anything runs with sudo;
#   3. npm install, npm run build, npm start.
#
#   bash scripts/setup.sh [--yes] [--no-start] [--dry-run]
#     --yes       install the OS packages without asking
#     --no-start  stop after the build
#     --dry-run   print what would run, change nothing
set -euo pipefail
cd "$(dirname "$0")/.."

yes=false start=true dry=false
for arg in "$@"; do
  case "$arg" in
    --yes) yes=true ;;
    --no-start) start=false ;;
    --dry-run) dry=true ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Unknown option: $arg (see --help)" >&2; exit 2 ;;
  esac
done

say() { printf '%s\n' "$*"; }
step() { printf '\n==> %s\n' "$*"; }
# Runs a command, or only shows it with --dry-run.
act() {
  say "+ $*"
  if [ "$dry" = false ]; then "$@"; fi
}
have() { command -v "$1" >/dev/null 2>&1; }

step "Node.js"
if ! have node; then
  say "Node.js is not installed. Install Node.js 20.9 or newer (https://nodejs.org), then run this again." >&2
  exit 1
fi
if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=9)?0:1)'; then
  say "Node.js $(node --version) is too old: Verbatim needs 20.9 or newer." >&2
  exit 1
fi
say "Node.js $(node --version)"

step "Speech tools"
packages=()
manager=""
if have apt-get; then
  manager="apt-get"
  have ffmpeg && have ffprobe || packages+=(ffmpeg)
  have pocketsphinx_continuous || packages+=(pocketsphinx)
  [ -d "${POCKETSPHINX_MODEL_DIR:-/usr/share/pocketsphinx/model/en-us/en-us}" ] || packages+=(pocketsphinx-en-us)
  # Its library binding: live recordings show words while they are spoken, not a sentence at a time.
  "${POCKETSPHINX_PYTHON:-/usr/bin/python3}" -c "import pocketsphinx" 2>/dev/null || packages+=(python3-pocketsphinx)
elif have brew; then
  manager="brew"
  have ffmpeg && have ffprobe || packages+=(ffmpeg)
  # Homebrew's PocketSphinx has no pocketsphinx_continuous; on macOS the engines are a
  # whisper model (npm run models -- base) or an OpenAI-compatible speech API.
fi

if [ ${#packages[@]} -eq 0 ]; then
  if [ -z "$manager" ] && ! have ffmpeg; then
    say "ffmpeg is missing and there is no apt-get or Homebrew here: install ffmpeg with your package manager."
  else
    say "Nothing to install."
  fi
else
  sudo=()
  if [ "$manager" = "apt-get" ] && [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  if [ "$manager" = "apt-get" ]; then
    commands=("${sudo[*]:+${sudo[*]} }apt-get update" "${sudo[*]:+${sudo[*]} }apt-get install -y --no-install-recommends ${packages[*]}")
  else
    commands=("brew install ${packages[*]}")
  fi
  say "Missing: ${packages[*]}. To install them:"
  for c in "${commands[@]}"; do say "  $c"; done
  answer="n"
  if [ "$yes" = true ]; then
    answer="y"
  elif [ -t 0 ]; then
    read -r -p "Run these now${sudo[*]:+ (with sudo)}? [Y/n] " answer || answer="n"
    answer="${answer:-y}"
  else
    say "Not asking (no terminal): run them yourself, or run this script with --yes."
  fi
  case "$answer" in
    [Yy]*)
      if [ "$manager" = "apt-get" ]; then
        act "${sudo[@]}" apt-get update
        act "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"
      else
        act brew install "${packages[@]}"
      fi
      ;;
    *) say "Skipped. Verbatim starts anyway; the dashboard says what transcription still needs." ;;
  esac
fi

step "Verbatim"
export NEXT_TELEMETRY_DISABLED=1
act npm install --no-audit --no-fund
act npm run build
if [ "$start" = true ]; then
  say "Starting on http://localhost:${PORT:-3000} (Ctrl+C stops it)."
  act npm start
fi
