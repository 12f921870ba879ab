import { describe, expect, it } from 'vitest';
import { pictureAddressProblem } from './picture-address';

describe('the addresses an import may fetch pictures from', () => {
  it.each([
    'http://127.0.0.1/a.png',
    'http://10.1.2.3/a.png',
    'http://172.20.0.5/a.png',
    'http://192.168.1.10/a.png',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://[fd00::1]/a.png',
    'http://localhost/a.png',
  ])('refuses %s, inside the network', async (url) => {
    expect(await pictureAddressProblem(new URL(url))).toMatch(/inside the shop’s own network/);
  });

  it('refuses what is not http or https', async () => {
    expect(await pictureAddressProblem(new URL('file:///etc/passwd'))).toMatch(/not an http or https address/);
  });

  it('lets a public address through', async () => {
    expect(await pictureAddressProblem(new URL('https://93.184.216.34/dress.png'))).toBeUndefined();
    expect(await pictureAddressProblem(new URL('https://[2606:4700::1111]/dress.png'))).toBeUndefined();
  });
});
