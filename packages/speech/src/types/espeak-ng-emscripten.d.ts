// The package ships no types; only the initializer's shape matters here (the worker is typed in engines/espeak.ts).
declare module '@echogarden/espeak-ng-emscripten' {
  const initialize: () => Promise<{ eSpeakNGWorker: new () => unknown }>;
  export default initialize;
}
