/**
 * Renders the desktop studio's icons from the station mark (web/public/favicon.svg):
 * the app icon electron-builder turns into .ico/.icns/Linux sizes, and the tray icons.
 * Run: npx tsx scripts/make-studio-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'electron', 'build');
const svg = fs.readFileSync(path.join(root, 'web', 'public', 'favicon.svg'));
// A monochrome mark for the macOS menu bar (a template image: black on transparent).
const template = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="34" r="7" fill="#000"/><path d="M19 21a18 18 0 0 0 0 26M45 21a18 18 0 0 1 0 26M10 12a30 30 0 0 0 0 44M54 12a30 30 0 0 1 0 44" fill="none" stroke="#000" stroke-width="6" stroke-linecap="round"/></svg>',
);

fs.mkdirSync(out, { recursive: true });
await sharp(svg, { density: 1200 }).resize(1024, 1024).png().toFile(path.join(out, 'icon.png'));
await sharp(svg, { density: 300 }).resize(32, 32).png().toFile(path.join(out, 'tray.png'));
await sharp(svg, { density: 300 }).resize(64, 64).png().toFile(path.join(out, 'tray@2x.png'));
await sharp(template, { density: 300 }).resize(22, 22).png().toFile(path.join(out, 'trayTemplate.png'));
await sharp(template, { density: 300 }).resize(44, 44).png().toFile(path.join(out, 'trayTemplate@2x.png'));
console.log(`icons written to ${path.relative(root, out)}`);
