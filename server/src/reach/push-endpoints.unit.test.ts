import { describe, expect, it } from 'vitest';
import { pushEndpointAllowed } from './follows';

/** Issue 36: a follow may only make the server call a browser's push service (or one configured), never an address of the listener's choosing. */
describe('push endpoints a follow may name', () => {
  it('accepts the browsers’ push services over https', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXut',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(pushEndpointAllowed(url, []), url).toBe(true);
  });

  it('refuses anything else: other hosts, http, other ports, look-alike hosts, credentials', () => {
    for (const url of [
      'https://evil.example/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilpush.services.mozilla.com.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.1:9000/push/1',
      'not a url',
    ])
      expect(pushEndpointAllowed(url, []), url).toBe(false);
  });

  it('accepts a configured origin exactly', () => {
    expect(pushEndpointAllowed('https://push.station.example:8443/s/1', ['https://push.station.example:8443'])).toBe(true);
    expect(pushEndpointAllowed('https://push.station.example/s/1', ['https://push.station.example:8443'])).toBe(false);
  });
});
