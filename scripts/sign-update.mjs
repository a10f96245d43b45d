#!/usr/bin/env node
/**
 * Signs the studio's update manifests for Linux and macOS (README, "Signing").
 *
 *   node scripts/sign-update.mjs keygen <folder>
 *       Makes an Ed25519 key pair: <folder>/airdeck-update-key.pem (private, keep it off the server)
 *       and prints the public key to build with (AIRDECK_UPDATE_PUBLIC_KEY).
 *   node scripts/sign-update.mjs sign <private-key.pem> release/latest-linux.yml [release/latest-mac.yml …]
 *       Writes <manifest>.sig (base64) next to each manifest; publish both.
 */
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (command === 'keygen' && args[0]) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const file = path.join(args[0], 'airdeck-update-key.pem');
  if (fs.existsSync(file)) throw new Error(`${file} exists; not overwriting a signing key`);
  fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  const pub = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  console.log(`Private key: ${file} (keep it secret, never on the station server)`);
  console.log(`Build the studio with:\n  AIRDECK_UPDATE_PUBLIC_KEY=${pub}`);
} else if (command === 'sign' && args.length >= 2) {
  const key = createPrivateKey(fs.readFileSync(args[0]));
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the signing key must be Ed25519 (made by `keygen`)');
  for (const manifest of args.slice(1)) {
    const signature = sign(null, fs.readFileSync(manifest), key).toString('base64');
    fs.writeFileSync(`${manifest}.sig`, `${signature}\n`);
    console.log(`signed ${manifest} → ${manifest}.sig`);
  }
} else {
  console.error('usage: sign-update.mjs keygen <folder> | sign <private-key.pem> <latest-*.yml>…');
  process.exit(2);
}
