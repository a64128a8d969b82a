// A certified OpenID provider for Lectern's integration tests, on loopback.
// Env: REDIRECT_URI (the app's callback), CLIENT_ID, CLIENT_SECRET.
// Prints "issuer=<url>" on stdout once it listens.
import Provider from 'oidc-provider';
import http from 'node:http';

const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.CLIENT_ID,
      client_secret: process.env.CLIENT_SECRET,
      redirect_uris: [process.env.REDIRECT_URI],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  pkce: { required: () => true },
  // Put the profile and e-mail claims in the ID token, as Google does.
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'family_name'],
  },
  cookies: { keys: ['lectern-test-cookie-key'] },
  async findAccount(ctx, id) {
    return {
      accountId: id,
      async claims() {
        return {
          sub: id,
          email: `${id}@example.org`,
          email_verified: true,
          name: `Test ${id}`,
          given_name: 'Test',
          family_name: id,
        };
      },
    };
  },
});
provider.on('server_error', (ctx, err) => console.error('server_error', err));

server.on('request', provider.callback());
console.log(`issuer=${issuer}`);
