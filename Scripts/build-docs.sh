#!/usr/bin/env bash
# Builds the DocC documentation of every module that has a catalog
# (Sources/<Module>/<Module>.docc), offline, with the toolchain's docc, and fails on any
# warning.
#
#   Scripts/build-docs.sh            # archives in .build/docs/archives/<Module>.doccarchive,
#                                    # all of them in .build/docs/archives/combined.doccarchive
#   DOCS_OUTPUT=/tmp/docs Scripts/build-docs.sh
#
# The symbol graphs come from `swift build` (-emit-symbol-graph), in a scratch path of their
# own so that the flags do not invalidate the ordinary build. They are kept between runs: a
# module that is up to date is not compiled again, and its graphs from the last compile are
# still current. Each module's catalog gets only that module's graphs (<Module>.symbols.json and
# its extensions of other modules, <Module>@<Other>.symbols.json), and of those only the symbols
# declared in Sources/<Module>/: a module that re-exports another (DiffValue re-exports Relay
# and ListDiffKit) would otherwise document the other's symbols a second time.
#
# Catalogs are built in dependency order, each with links to the archives of the modules it
# depends on (docc's --dependency): DiffValue's articles link to ``/Relay/Publisher`` and to
# <doc:/Relay/ThreadsOrderAndCancellation>. `docc merge` then combines the archives into one, in
# which those links lead somewhere.
#
# The build goes through `flock $SWIFT_LOCK` (default /tmp/swift.lock) when flock exists; set
# SWIFT_LOCK= to build without it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scratch="${DOCS_SCRATCH:-$root/.build/docs}"
graphs="$scratch/symbol-graphs"
output="${DOCS_OUTPUT:-$scratch/archives}"
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
lock=()
if [ -n "${SWIFT_LOCK-/tmp/swift.lock}" ] && command -v flock > /dev/null; then
  lock=(flock "${SWIFT_LOCK:-/tmp/swift.lock}")
fi

shopt -s nullglob
catalogs=(Sources/*/*.docc)
if [ ${#catalogs[@]} -eq 0 ]; then
  echo "build-docs: no catalog under Sources/*/*.docc" >&2
  exit 1
fi

# "Module Dependency..." per catalog, dependencies first; only dependencies with a catalog.
package="$("${lock[@]}" swift package dump-package)"
mapfile -t plan < <(
  PACKAGE="$package" python3 - "${catalogs[@]}" << 'EOF'
import json, os, pathlib, sys

modules = [pathlib.Path(catalog).parent.name for catalog in sys.argv[1:]]
targets = {target["name"]: target for target in json.loads(os.environ["PACKAGE"])["targets"]}


def dependencies(name, seen):
    for dependency in targets[name]["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in targets:
                other = dependency[kind][0]
                if other not in seen:
                    seen.add(other)
                    dependencies(other, seen)
    return seen


ordered = sorted(modules, key=lambda module: (len(dependencies(module, set())), module))
for module in ordered:
    print(" ".join([module] + [other for other in ordered if other in dependencies(module, set())]))
EOF
)

mkdir -p "$graphs" "$output"
for line in "${plan[@]}"; do
  read -r module _ <<< "$line"
  echo "== symbol graphs: $module"
  "${lock[@]}" swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
    -Xswiftc -emit-extension-block-symbols
done

status=0
archives=()
for line in "${plan[@]}"; do
  read -r module dependencies <<< "$line"
  catalog="Sources/$module/$module.docc"
  if [ $status -ne 0 ] && [ -n "$dependencies" ]; then
    echo "== docc: $module skipped, a catalog before it failed" >&2
    continue
  fi
  echo "== docc: $module"
  filtered="$scratch/graphs-of/$module"
  rm -rf "$filtered"
  mkdir -p "$filtered"
  python3 - "$root/Sources/$module/" "$filtered" "$graphs/$module.symbols.json" \
    "$graphs/$module@"*.symbols.json << 'EOF'
import json, pathlib, sys

# Keeps the symbols declared in the module's own sources, the members synthesized for them,
# and the relationships that start from a kept symbol.
sources, destination, files = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3:]
for file in files:
    path = pathlib.Path(file)
    if not path.is_file():
        continue
    graph = json.loads(path.read_text())
    kept = {
        symbol["identifier"]["precise"]
        for symbol in graph["symbols"]
        if symbol.get("location", {}).get("uri", "").removeprefix("file://").startswith(sources)
    }
    for relationship in graph["relationships"]:
        source = relationship["source"]
        if relationship["target"] in kept and "::SYNTHESIZED::" in source:
            kept.add(source)
    graph["symbols"] = [s for s in graph["symbols"] if s["identifier"]["precise"] in kept]
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] in kept]
    if graph["symbols"] or file == files[0]:
        (destination / path.name).write_text(json.dumps(graph))
EOF
  if [ ! -f "$filtered/$module.symbols.json" ]; then
    echo "build-docs: no symbol graph for $module" >&2
    status=1
    continue
  fi
  links=()
  for dependency in $dependencies; do
    links+=(--dependency "$output/$dependency.doccarchive")
  done
  rm -rf "$output/$module.doccarchive"
  "$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$filtered" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --output-path "$output/$module.doccarchive" \
    --enable-experimental-external-link-support "${links[@]}" \
    --warnings-as-errors || status=1
  archives+=("$output/$module.doccarchive")
done

if [ $status -eq 0 ]; then
  echo "== docc merge: ${#archives[@]} archives"
  rm -rf "$output/combined.doccarchive"
  "$docc" merge "${archives[@]}" --synthesized-landing-page-name DiffValue \
    --output-path "$output/combined.doccarchive"
fi
exit $status
