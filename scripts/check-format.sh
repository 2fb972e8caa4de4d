#!/usr/bin/env bash
# Fail if a C++ source of regtile is not clang-formatted (LLVM style).
set -euo pipefail
cd "$(dirname "$0")/.."
fmt=$(command -v clang-format-22 || echo /usr/lib/llvm-22/bin/clang-format)
files=$(git ls-files '*.cpp' '*.h')
bad=()
for f in $files; do
  "$fmt" --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [[ ${#bad[@]} -gt 0 ]]; then
  echo "check-format: not clang-formatted (run $fmt -i):"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "check-format: $(echo "$files" | wc -w) files OK"
