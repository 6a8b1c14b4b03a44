#!/usr/bin/env bash
# Installs the optional speech engines the server detects at start (README "More natural voices"):
# RHVoice with its LGPL English voices (Debian non-free) and SVOX Pico (non-free), plus PocketSphinx
# (main) for speech to text and the intelligibility checks, and asterisk-core-sounds-en-wav (main; human
# English prompts recorded by Allison Smith, CC-BY-SA-3.0, see its /usr/share/doc/.../copyright): real human
# speech for measuring speech to text and for the watermark's false-positive test (decisions 090, 100).
# Idempotent; run as root (CI) or with sudo.
# `npm ci && npm start` works without any of this: the voices then fall back to Flite.
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then exec sudo -E "$0" "$@"; fi
  echo "setup-voices: run as root (apt-get needs it)" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-voices: needs Debian or Ubuntu (apt-get); install RHVoice and pico2wave by hand elsewhere" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
. /etc/os-release
codename="${VERSION_CODENAME:-bookworm}"
list=/etc/apt/sources.list.d/vocalis-non-free.sources

# RHVoice and Pico live in Debian's non-free component. Add it once, in deb822 form, next to the
# system's own sources (Ubuntu ships RHVoice in universe, which is usually enabled already).
# `non-free-firmware` (bookworm's default) is a different component and does not count.
if [ "${ID:-}" = debian ] && ! grep -rqsE '^(Components:|deb ).* non-free( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
  echo "--- enabling Debian contrib non-free for $codename ($list)"
  cat >"$list" <<SOURCES
Types: deb
URIs: http://deb.debian.org/debian
Suites: $codename $codename-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
fi

packages=(rhvoice rhvoice-english libttspico-utils pocketsphinx pocketsphinx-en-us asterisk-core-sounds-en-wav asterisk-core-sounds-en apertium apertium-eng-spa apertium-eng-cat apertium-en-gl apertium-es-pt apertium-fr-es)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "--- installing ${missing[*]}"
  apt-get update -qq
  # No --ignore-missing: CI's intelligibility floor depends on these, so a failure must stop the run.
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Only the LGPL voices (clb, bdl, slt, alan) are offered; the server never lists lyubov or evgeniy-eng
# (CC-BY-NC-ND), whatever is installed.
command -v RHVoice-test >/dev/null
command -v pico2wave >/dev/null
test -f /usr/share/asterisk/sounds/en/conf-thereare.wav
echo "--- speech engines ready: RHVoice $(dpkg-query -W -f='${Version}' rhvoice), Pico $(dpkg-query -W -f='${Version}' libttspico-utils)"
