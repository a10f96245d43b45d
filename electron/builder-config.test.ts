import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';

/**
 * electron-builder.yml, checked against the configuration schema that
 * electron-builder itself ships (app-builder-lib/scheme.json), so a typo or
 * a removed option fails here rather than on an operator's build machine.
 */
const require = createRequire(import.meta.url);
const yaml = require('js-yaml') as { load(text: string): unknown };
const root = path.resolve(import.meta.dirname, '..');
const schemaFile = require.resolve('app-builder-lib/scheme.json');
const config = yaml.load(fs.readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;

// Compiling electron-builder's schema takes seconds on a busy machine: once per file, not per test.
let compiled: ReturnType<Ajv['compile']> | null = null;
function validator() {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
  compiled = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
  return compiled;
}

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s own configuration schema', () => {
    const validate = validator();
    const ok = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  }, 30_000);

  it('the schema check can fail (a misspelt option is refused)', () => {
    const validate = validator();
    expect(validate({ ...config, prodcutName: 'typo' })).toBe(false);
    expect(validate({ ...config, linux: { ...config.linux, target: 42 } })).toBe(false);
  });

  it('builds AppImage and deb for Linux, nsis for Windows and dmg for macOS, with the app id, name, icons and artifact names', () => {
    expect(config.appId).toBe('org.airdeck.studio');
    expect(config.productName).toBe('Airdeck Studio');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.artifactName).toBe('airdeck-studio-${version}-${os}-${arch}.${ext}');
    for (const icon of [config.linux.icon, config.win.icon, config.mac.icon]) {
      expect(fs.existsSync(path.join(root, icon)), icon).toBe(true);
    }
  });

  it('publishes to a generic feed: the station’s own /desktop/ folder', () => {
    expect(config.publish).toEqual([{ provider: 'generic', url: '${env.AIRDECK_UPDATES_URL}', channel: 'latest' }]);
  });

  it('packs the main process, the preload, the studio build and the tray icons', () => {
    expect(config.files).toEqual(expect.arrayContaining(['dist-electron/**', 'web/dist-studio/**', 'electron/build/tray*.png', '!node_modules/**']));
    // The server's native modules (argon2, sharp) are never rebuilt for or packed into the studio.
    expect(config.npmRebuild).toBe(false);
  });
});
