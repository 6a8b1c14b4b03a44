// The package ships no types: the Emscripten module's raw exports used by audio/resample.ts.
declare module '@echogarden/speex-resampler-wasm' {
  export interface SpeexModule {
    HEAP16: Int16Array;
    HEAPU32: Uint32Array;
    HEAP32: Int32Array;
    _malloc(bytes: number): number;
    _free(ptr: number): void;
    _speex_resampler_init(
      channels: number,
      inRate: number,
      outRate: number,
      quality: number,
      errPtr: number,
    ): number;
    _speex_resampler_process_int(
      state: number,
      channel: number,
      inPtr: number,
      inLenPtr: number,
      outPtr: number,
      outLenPtr: number,
    ): number;
    _speex_resampler_get_input_latency(state: number): number;
    _speex_resampler_skip_zeros(state: number): number;
    _speex_resampler_destroy(state: number): void;
  }
  const initialize: () => Promise<SpeexModule>;
  export default initialize;
}
