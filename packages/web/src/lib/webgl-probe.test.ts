import { expect, test } from 'vitest';
import { isSoftwareRenderer } from './webgl-probe';

test('software rasterisers are recognised by their renderer names', () => {
  for (const name of [
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'Mesa softpipe',
    'Software Rasterizer',
    'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)',
  ]) {
    expect(isSoftwareRenderer(name), name).toBe(true);
  }
});

test('graphics cards are not', () => {
  for (const name of [
    'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Apple M1',
    'Adreno (TM) 640',
    'Mali-G78',
  ]) {
    expect(isSoftwareRenderer(name), name).toBe(false);
  }
});
