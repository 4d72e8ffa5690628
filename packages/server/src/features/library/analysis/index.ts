/** Loudness and waveform analysis of stored songs (docs/music.md, "Loudness and waveforms"). */
export { createAudioAnalyser, AnalysisError, type AudioAnalyser, type AudioMeasurement } from './analyser';
export { gainFor, songLevels } from './gain';
export { startAudioAnalysis, type AudioAnalysis } from './runner';
