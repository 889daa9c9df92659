// Minimal types for the parts of jstat 1.9.6 the decision uses (the package ships none).
declare module 'jstat' {
  interface JStat {
    studentt: { inv(p: number, dof: number): number; cdf(x: number, dof: number): number }
    normal: {
      cdf(x: number, mean: number, sd: number): number
      inv(p: number, mean: number, sd: number): number
    }
    combinationln(n: number, k: number): number
  }
  const jStat: JStat
  export default jStat
}
