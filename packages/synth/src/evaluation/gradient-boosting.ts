/** Features already cut into bins: bin 0 holds missing values, higher bins larger values. */
export type BinnedFeatures = { bins: Uint8Array[]; rows: number };

export type BoostingOptions = {
  rounds?: number;
  maxDepth?: number;
  learningRate?: number;
  /** Fewest training rows in a leaf. */
  minLeafRows?: number;
  /** L2 penalty on leaf values. */
  lambda?: number;
};

/** Trees in flat arrays; a node is a leaf where `feature` is -1. */
type Tree = {
  feature: number[];
  /** Rows with a bin at or below the threshold go left. */
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
};

export type BoostedTrees = {
  /** Probability of the positive class for every row. */
  predict(features: BinnedFeatures): Float64Array;
};

function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

type Split = { feature: number; threshold: number; gain: number };

const BINS = 256;

/** Sums of gradient, hessian and rows per feature and bin (`feature * 256 + bin`) of a node. */
type Histogram = { gradient: Float64Array; hessian: Float64Array; count: Int32Array };

function buildHistogram(options: {
  features: BinnedFeatures;
  rows: Int32Array;
  gradient: Float64Array;
  hessian: Float64Array;
}): Histogram {
  const { features, rows, gradient, hessian } = options;
  const size = features.bins.length * BINS;
  const sumG = new Float64Array(size);
  const sumH = new Float64Array(size);
  const count = new Int32Array(size);
  for (let feature = 0; feature < features.bins.length; feature++) {
    const bins = features.bins[feature] ?? new Uint8Array();
    const offset = feature * BINS;
    for (let index = 0; index < rows.length; index++) {
      const row = rows[index] ?? 0;
      const cell = offset + (bins[row] ?? 0);
      sumG[cell] = (sumG[cell] ?? 0) + (gradient[row] ?? 0);
      sumH[cell] = (sumH[cell] ?? 0) + (hessian[row] ?? 0);
      count[cell] = (count[cell] ?? 0) + 1;
    }
  }
  return { gradient: sumG, hessian: sumH, count };
}

/** A sibling's histogram: the parent's less the other child's (LightGBM's subtraction trick). */
function subtractHistogram(parent: Histogram, child: Histogram): Histogram {
  const gradient = Float64Array.from(parent.gradient);
  const hessian = Float64Array.from(parent.hessian);
  const count = Int32Array.from(parent.count);
  for (let cell = 0; cell < count.length; cell++) {
    gradient[cell] = (gradient[cell] ?? 0) - (child.gradient[cell] ?? 0);
    hessian[cell] = (hessian[cell] ?? 0) - (child.hessian[cell] ?? 0);
    count[cell] = (count[cell] ?? 0) - (child.count[cell] ?? 0);
  }
  return { gradient, hessian, count };
}

/** Best bin threshold over every feature of a node's histogram, or `null` when no split gains. */
function findSplit(options: {
  histogram: Histogram;
  features: number;
  rows: number;
  minLeafRows: number;
  lambda: number;
}): Split | null {
  const { histogram, rows, minLeafRows, lambda } = options;
  let totalG = 0;
  let totalH = 0;
  for (let bin = 0; bin < BINS; bin++) {
    totalG += histogram.gradient[bin] ?? 0;
    totalH += histogram.hessian[bin] ?? 0;
  }
  const parentScore = (totalG * totalG) / (totalH + lambda);
  let best: Split | null = null;
  for (let feature = 0; feature < options.features; feature++) {
    const offset = feature * BINS;
    let leftG = 0;
    let leftH = 0;
    let leftCount = 0;
    for (let threshold = 0; threshold < BINS - 1; threshold++) {
      leftG += histogram.gradient[offset + threshold] ?? 0;
      leftH += histogram.hessian[offset + threshold] ?? 0;
      leftCount += histogram.count[offset + threshold] ?? 0;
      const rightCount = rows - leftCount;
      if (leftCount < minLeafRows) continue;
      if (rightCount < minLeafRows) break;
      const rightG = totalG - leftG;
      const rightH = totalH - leftH;
      const gain =
        (leftG * leftG) / (leftH + lambda) + (rightG * rightG) / (rightH + lambda) - parentScore;
      if (gain > 1e-9 && (best === null || gain > best.gain)) best = { feature, threshold, gain };
    }
  }
  return best;
}

function partitionRows(options: { rows: Int32Array; bins: Uint8Array; threshold: number }): {
  leftRows: Int32Array;
  rightRows: Int32Array;
} {
  const { rows, bins, threshold } = options;
  let leftCount = 0;
  for (let index = 0; index < rows.length; index++) {
    if ((bins[rows[index] ?? 0] ?? 0) <= threshold) leftCount++;
  }
  const leftRows = new Int32Array(leftCount);
  const rightRows = new Int32Array(rows.length - leftCount);
  let left = 0;
  let right = 0;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] ?? 0;
    if ((bins[row] ?? 0) <= threshold) leftRows[left++] = row;
    else rightRows[right++] = row;
  }
  return { leftRows, rightRows };
}

function growTree(options: {
  features: BinnedFeatures;
  gradient: Float64Array;
  hessian: Float64Array;
  settings: Required<BoostingOptions>;
}): { tree: Tree; leaves: { rows: Int32Array; value: number }[] } {
  const { features, gradient, hessian, settings } = options;
  const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
  const leaves: { rows: Int32Array; value: number }[] = [];
  const histogramOf = (rows: Int32Array): Histogram =>
    buildHistogram({ features, rows, gradient, hessian });
  const grow = (rows: Int32Array, histogram: Histogram, depth: number): number => {
    const node = tree.feature.length;
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.value.push(0);
    const split =
      depth < settings.maxDepth
        ? findSplit({
            histogram,
            features: features.bins.length,
            rows: rows.length,
            minLeafRows: settings.minLeafRows,
            lambda: settings.lambda,
          })
        : null;
    if (split === null) {
      let sumG = 0;
      let sumH = 0;
      for (let bin = 0; bin < BINS; bin++) {
        sumG += histogram.gradient[bin] ?? 0;
        sumH += histogram.hessian[bin] ?? 0;
      }
      const value = (-sumG / (sumH + settings.lambda)) * settings.learningRate;
      tree.value[node] = value;
      leaves.push({ rows, value });
      return node;
    }
    const { leftRows, rightRows } = partitionRows({
      rows,
      bins: features.bins[split.feature] ?? new Uint8Array(),
      threshold: split.threshold,
    });
    const isLeftSmaller = leftRows.length <= rightRows.length;
    const small = histogramOf(isLeftSmaller ? leftRows : rightRows);
    const large = subtractHistogram(histogram, small);
    tree.feature[node] = split.feature;
    tree.threshold[node] = split.threshold;
    tree.left[node] = grow(leftRows, isLeftSmaller ? small : large, depth + 1);
    tree.right[node] = grow(rightRows, isLeftSmaller ? large : small, depth + 1);
    return node;
  };
  const all = Int32Array.from({ length: features.rows }, (_, row) => row);
  grow(all, histogramOf(all), 0);
  return { tree, leaves };
}

function scoreTree(options: { tree: Tree; features: BinnedFeatures; row: number }): number {
  const { tree, features, row } = options;
  let node = 0;
  for (;;) {
    const feature = tree.feature[node] ?? -1;
    if (feature < 0) return tree.value[node] ?? 0;
    const bin = features.bins[feature]?.[row] ?? 0;
    node = (bin <= (tree.threshold[node] ?? 0) ? tree.left[node] : tree.right[node]) ?? 0;
  }
}

/**
 * Gradient-boosted regression trees on the logistic loss (a small histogram-based GBDT in the
 * manner of LightGBM): each round fits one depth-limited tree to the gradient and hessian of the
 * loss, splitting on bin thresholds.
 */
export function trainBoostedTrees(options: {
  features: BinnedFeatures;
  /** 1 for the positive class, 0 otherwise. */
  labels: Uint8Array;
  settings?: BoostingOptions;
}): BoostedTrees {
  const { features, labels } = options;
  const settings: Required<BoostingOptions> = {
    rounds: 100,
    maxDepth: 5,
    learningRate: 0.1,
    minLeafRows: 20,
    lambda: 1,
    ...options.settings,
  };
  const rows = features.rows;
  let positives = 0;
  for (const label of labels) positives += label;
  const share = Math.min(1 - 1e-6, Math.max(1e-6, positives / Math.max(1, rows)));
  const base = Math.log(share / (1 - share));
  const scores = new Float64Array(rows).fill(base);
  const gradient = new Float64Array(rows);
  const hessian = new Float64Array(rows);
  const trees: Tree[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    for (let row = 0; row < rows; row++) {
      const probability = sigmoid(scores[row] ?? 0);
      gradient[row] = probability - (labels[row] ?? 0);
      hessian[row] = Math.max(1e-12, probability * (1 - probability));
    }
    const { tree, leaves } = growTree({ features, gradient, hessian, settings });
    for (const leaf of leaves) {
      for (const row of leaf.rows) scores[row] = (scores[row] ?? 0) + leaf.value;
    }
    trees.push(tree);
  }
  return {
    predict(test) {
      const result = new Float64Array(test.rows);
      for (let row = 0; row < test.rows; row++) {
        let score = base;
        for (const tree of trees) score += scoreTree({ tree, features: test, row });
        result[row] = sigmoid(score);
      }
      return result;
    },
  };
}
