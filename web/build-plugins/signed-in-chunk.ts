interface ModuleInfo {
  isEntry: boolean;
  code: string | null;
  exports: string[];
  importers: string[];
  dynamicImporters: string[];
  importedIds: string[];
}
interface ModuleGraph {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** A module that only re-exports others (`export * from`, `export { a } from`): an index of a package. */
const isBarrel = (info: ModuleInfo) =>
  !!info.code &&
  info.importedIds.length > 0 &&
  info.code
    .replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '')
    .split(';')
    .every(
      (statement) =>
        !statement.trim() ||
        /^\s*['"]use \w+['"]\s*$/.test(statement) ||
        /^\s*(export|import)\b[^]*\bfrom\b/.test(statement) ||
        /^\s*export\s*\{[^}]*\}\s*$/.test(statement),
    );

/** The names a module imports by name (`import { a, b as c } from ...`), from any module. */
const importedNames = (code: string) =>
  [...code.matchAll(/\bimport\s*\{([^}]*)\}\s*from/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/)[0])
      .filter(Boolean),
  );

/**
 * The name of the one chunk that holds what signed-in pages share (the shell, the API client, the domain rules,
 * the libraries past React and Mantine's core), or null for a module that the entry loads: that code is on every
 * page, logged-out ones too, and must stay out of it. On a slow phone connection a signed-in page then costs a
 * handful of requests (entry, framework, this chunk, its page) instead of sixty small files.
 *
 * What the entry loads is followed through its static imports; an index that only re-exports (the domain package,
 * Mantine) is followed only to the modules that export the names imported from it, as tree-shaking does.
 */
export function signedInChunk(name = 'app') {
  let initial: Set<string> | null = null;

  const findEntry = (from: string, graph: ModuleGraph) => {
    const seen = new Set<string>();
    const up = [from];
    while (up.length) {
      const id = up.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph.getModuleInfo(id);
      if (info?.isEntry) return id;
      if (info) up.push(...info.importers, ...info.dynamicImporters);
    }
    return null;
  };

  /** The modules behind `names` in a re-exporting index, through nested indexes. */
  const resolveThroughBarrel = (barrel: string, names: Set<string>, graph: ModuleGraph, out: string[]) => {
    for (const child of graph.getModuleInfo(barrel)?.importedIds ?? []) {
      const info = graph.getModuleInfo(child);
      if (!info || !info.exports.some((e) => names.has(e))) continue;
      if (isBarrel(info)) resolveThroughBarrel(child, names, graph, out);
      else out.push(child);
    }
  };

  const initialModules = (from: string, graph: ModuleGraph): Set<string> => {
    if (initial) return initial;
    initial = new Set();
    const entry = findEntry(from, graph);
    const down = entry ? [entry] : [];
    while (down.length) {
      const id = down.pop()!;
      if (initial.has(id)) continue;
      initial.add(id);

      const info = graph.getModuleInfo(id);
      if (!info) continue;
      const names = new Set(importedNames(info.code ?? ''));
      for (const dep of info.importedIds) {
        const depInfo = graph.getModuleInfo(dep);
        if (depInfo && isBarrel(depInfo)) resolveThroughBarrel(dep, names, graph, down);
        else down.push(dep);
      }
    }
    return initial;
  };

  return (moduleId: string, graph: ModuleGraph): string | null =>
    initialModules(moduleId, graph).has(moduleId) ? null : name;
}
