/** A classic script imported as a function that runs it with a chosen `globalThis`. */
declare module '*?scoped' {
  const runScoped: (globalThis: object) => void;
  export default runScoped;
}
