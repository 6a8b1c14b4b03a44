import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { enabledSocialProviders, socialProviderConfigs } from './social-providers';

const base = { DATA_DIR: '/tmp/vocalis-config-test', AUTH_SECRET: 'x'.repeat(32) };

describe('social provider configuration', () => {
  it('offers nothing by default', () => {
    const config = loadConfig(base);
    expect(config.social).toEqual({});
    expect(socialProviderConfigs(config.social)).toEqual([]);
  });

  it('offers a provider only with both its client id and secret, pointed at the real endpoints by default', () => {
    const config = loadConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GITHUB_CLIENT_ID: 'h',
      APPLE_CLIENT_ID: 'a',
      APPLE_CLIENT_SECRET: 'as',
    });
    expect(enabledSocialProviders(config.social)).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'apple', name: 'Apple' },
    ]);
    const [google, apple] = socialProviderConfigs(config.social);
    expect(google).toMatchObject({
      providerId: 'google',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      requireIdTokenVerification: true,
    });
    expect(apple).toMatchObject({
      providerId: 'apple',
      discoveryUrl: 'https://appleid.apple.com/.well-known/openid-configuration',
      responseMode: 'form_post',
    });
  });

  it('points GitHub at GITHUB_URL for OAuth', () => {
    const config = loadConfig({
      ...base,
      GITHUB_CLIENT_ID: 'h',
      GITHUB_CLIENT_SECRET: 'hs',
      GITHUB_URL: 'http://127.0.0.1:9999/',
    });
    expect(socialProviderConfigs(config.social)[0]).toMatchObject({
      providerId: 'github',
      authorizationUrl: 'http://127.0.0.1:9999/login/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:9999/login/oauth/access_token',
    });
  });

  it('parses staff domains and requires the Twilio settings with SMS_TRANSPORT=twilio', () => {
    expect(
      loadConfig({ ...base, STAFF_EMAIL_DOMAINS: ' @Vocalis.ai, staff.example.com ,' }).staffEmailDomains,
    ).toEqual(['vocalis.ai', 'staff.example.com']);
    expect(() => loadConfig({ ...base, SMS_TRANSPORT: 'twilio' })).toThrow(ConfigError);
    expect(
      loadConfig({
        ...base,
        SMS_TRANSPORT: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+15005550006',
      }).sms,
    ).toEqual({
      transport: 'twilio',
      accountSid: 'AC1',
      authToken: 't',
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
    });
  });
});
