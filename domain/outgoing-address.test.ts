import { describe, expect, it } from 'vitest';
import { addressLiteralOf, isLoopbackAddress, isPublicAddress } from './outgoing-address';

/** What a host written in a URL becomes once the URL parser has read it. */
const hostOf = (url: string) => addressLiteralOf(new URL(url).hostname);

describe('public addresses', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://[::1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
  ])('reads %s as the address %s, which is refused', (url, address) => {
    expect(hostOf(url)).toBe(address);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '100.127.255.255',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2001:db8::1',
    '2001::1',
    '100::1',
    'not-an-address',
    '1.2.3',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('leaves a name to the resolver', () => {
    expect(hostOf('https://hooks.example.com/x')).toBeNull();
  });
});

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '::ffff:7f00:1', '::ffff:127.0.0.2'])(
    'knows %s as this machine',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '169.254.169.254',
    '128.0.0.1',
    '::',
    '::2',
    '::ffff:10.0.0.1',
    'fe80::1',
    '8.8.8.8',
    'localhost',
  ])('knows %s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
