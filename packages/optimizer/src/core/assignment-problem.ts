/**
 * Minimum-cost assignment of every row to a distinct column of a dense
 * rows x cols cost matrix (rows <= cols), by shortest augmenting paths with
 * dual potentials (the Hungarian method, O(rows^2 * cols)). Returns the column
 * of each row. Callers that allow a row to stay unassigned add one zero-cost
 * "nobody" column per row.
 */
export function solveAssignment(cost: Float64Array, rows: number, cols: number): Int32Array {
  if (rows > cols) throw new Error(`assignment needs rows <= cols (${rows} > ${cols})`);
  // 1-based arrays with a virtual column 0, as the textbook method is written.
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const rowOfCol = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  const minSlack = new Float64Array(cols + 1);
  const used = new Uint8Array(cols + 1);
  for (let r = 1; r <= rows; r++) {
    rowOfCol[0] = r;
    let col0 = 0;
    minSlack.fill(Infinity);
    used.fill(0);
    do {
      used[col0] = 1;
      const r0 = rowOfCol[col0]!;
      let delta = Infinity;
      let col1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const slack = cost[(r0 - 1) * cols + (j - 1)]! - u[r0]! - v[j]!;
        if (slack < minSlack[j]!) {
          minSlack[j] = slack;
          way[j] = col0;
        }
        if (minSlack[j]! < delta) {
          delta = minSlack[j]!;
          col1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[rowOfCol[j]!]! += delta;
          v[j]! -= delta;
        } else minSlack[j]! -= delta;
      }
      col0 = col1;
    } while (rowOfCol[col0] !== 0);
    do {
      const col1 = way[col0]!;
      rowOfCol[col0] = rowOfCol[col1]!;
      col0 = col1;
    } while (col0 !== 0);
  }
  const colOfRow = new Int32Array(rows);
  for (let j = 1; j <= cols; j++) if (rowOfCol[j]! > 0) colOfRow[rowOfCol[j]! - 1] = j - 1;
  return colOfRow;
}
