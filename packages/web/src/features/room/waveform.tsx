/**
 * The playing song's waveform (its measured peaks, docs/music.md) with its
 * progress: the part played drawn in the accent colour, the rest soft. Drawn on
 * a canvas at the device's pixel ratio; a song not measured yet gets a plain bar.
 */
import { roomPageMessages } from '@platter/contract';
import { useEffect, useRef } from 'react';

interface WaveformProps {
  peaks: readonly number[];
  /** 0..1 */
  progress: number;
  height?: number;
}

export function Waveform({ peaks, progress, height = 36 }: WaveformProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    const style = getComputedStyle(element);
    const played = style.getPropertyValue('--wave-played').trim() || '#e0457b';
    const rest = style.getPropertyValue('--wave-rest').trim() || '#8888';
    const cut = progress * width;
    if (peaks.length === 0) {
      // Not measured yet: a plain track, filled as far as the song has played.
      context.fillStyle = rest;
      context.fillRect(0, height / 2 - 1.5, width, 3);
      context.fillStyle = played;
      context.fillRect(0, height / 2 - 1.5, cut, 3);
      return;
    }
    const step = width / peaks.length;
    peaks.forEach((peak, index) => {
      const x = index * step;
      const bar = Math.max(1.5, Math.min(1, peak) * (height - 2));
      context.fillStyle = x < cut ? played : rest;
      context.fillRect(x, (height - bar) / 2, Math.max(1, step - 1), bar);
    });
  }, [peaks, progress, height]);
  return (
    <canvas
      ref={canvas}
      className="waveform"
      style={{ height }}
      role="img"
      aria-label={roomPageMessages.waveformLabel(Math.round(progress * 100))}
      data-testid="waveform"
    />
  );
}
