/** The part of @ffmpeg/core (FFmpeg built to WebAssembly, an Emscripten module) that encoded-files.ts uses. */
declare module '@ffmpeg/core' {
  export interface FFmpegCore {
    /** Runs `ffmpeg` with these arguments (after `-nostdin -y`); its exit code. */
    exec(...args: string[]): number;
    /** Clears the last run's exit code and time limit: called before each run. */
    reset(): void;
    setLogger(logger: (line: { type: string; message: string }) => void): void;
    /** The module's in-memory file system. */
    FS: {
      writeFile(path: string, data: Uint8Array): void;
      readFile(path: string): Uint8Array;
    };
  }

  export interface FFmpegCoreOptions {
    /** Instantiates the module's wasm with `imports` and hands the instance to `receive` (WebAssembly objects). */
    instantiateWasm?(imports: object, receive: (instance: object) => unknown): object;
  }

  export default function createFFmpegCore(options?: FFmpegCoreOptions): Promise<FFmpegCore>;
}
