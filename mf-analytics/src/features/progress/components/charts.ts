// The two D3 charts, the only users of d3: one chunk of their own (lazyCharts.tsx).
export { RepConsistencyChart } from './RepConsistencyChart';
export { WeightProgressionChart } from './WeightProgressionChart';
