import { agnes, type Cluster } from "ml-hclust";

/** Where to cut the tree: into `count` groups, or wherever groups are farther apart than `threshold` (but into no more than `atMost`). */
export type Cut = { count: number } | { threshold: number; atMost?: number };

/**
 * The tree cut into `count` groups by undoing its last merges. (ml-hclust's own `group` can
 * drop a leaf when merges at distance 0 tie with leaves.)
 */
function splitInto(root: Cluster, count: number): Cluster[] {
  const parts = [root];
  while (parts.length < count) {
    let highest = -1;
    parts.forEach((part, i) => {
      if (!part.isLeaf && (highest < 0 || part.height > parts[highest].height)) highest = i;
    });
    if (highest < 0) break;
    parts.splice(highest, 1, ...parts[highest].children);
  }
  return parts;
}

/**
 * Agglomerative clustering (ml-hclust's `agnes`, average linkage) of items given their
 * distance matrix: the groups, as lists of item indices. Its cost grows with the cube of the
 * number of items (~50 ms for 200, ~0.1 s for 300): callers give it runs of speech or chunk
 * speakers, never frames.
 */
export function agglomerate(distances: number[][], cut: Cut): number[][] {
  if (distances.length === 0) return [];
  if (distances.length === 1) return [[0]];
  const tree = agnes(distances, { isDistanceMatrix: true, method: "average" });
  let clusters: Cluster[];
  if ("count" in cut) clusters = splitInto(tree, Math.max(1, cut.count));
  else {
    clusters = tree.cut(cut.threshold);
    if (cut.atMost !== undefined && clusters.length > cut.atMost) clusters = splitInto(tree, cut.atMost);
  }
  return clusters.map((cluster) => cluster.indices());
}
