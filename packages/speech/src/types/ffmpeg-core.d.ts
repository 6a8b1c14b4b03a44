// @ffmpeg/core ships no types for its ESM entry; audio/ffmpeg.ts types the core object itself.
declare module '@ffmpeg/core' {
  const createCore: (options: object) => Promise<unknown>;
  export default createCore;
}
