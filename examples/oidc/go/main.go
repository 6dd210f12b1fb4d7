// A relying party with go-oidc and x/oauth2: signs a person in through the service's hosted pages.
//
// Environment: ISSUER, CLIENT_ID, CLIENT_SECRET (a confidential client), REDIRECT_URI (registered).
// Prints the authorization URL, reads the callback URL (where the browser was sent back) from
// stdin, then prints one JSON line: {"ok": true, "sub", "sid", "email", "amr"}. Any failed check
// exits 1 with the reason on stderr.
package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func main() {
	ctx := context.Background()
	issuer, clientID := os.Getenv("ISSUER"), os.Getenv("CLIENT_ID")

	// 1. Discovery (go-oidc checks that the document names this issuer).
	provider, err := oidc.NewProvider(ctx, issuer)
	if err != nil {
		fail("discovery: %v", err)
	}
	conf := oauth2.Config{
		ClientID:     clientID,
		ClientSecret: os.Getenv("CLIENT_SECRET"),
		RedirectURL:  os.Getenv("REDIRECT_URI"),
		Endpoint:     provider.Endpoint(),
		Scopes:       []string{oidc.ScopeOpenID, "profile", "email"},
	}

	// 2. The authorization URL: PKCE (S256), state and nonce.
	verifier, state, nonce := oauth2.GenerateVerifier(), rand.Text(), rand.Text()
	fmt.Println(conf.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), oidc.Nonce(nonce)))

	// 3. The callback URL: state as sent, and the issuer named in it (RFC 9207).
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	callback, err := url.Parse(strings.TrimSpace(line))
	if err != nil {
		fail("callback: %v", err)
	}
	q := callback.Query()
	if q.Get("state") != state || q.Get("iss") != issuer {
		fail("callback: wrong state or issuer")
	}

	// 4. Code exchange, then the ID token: RS256 signature against the JWKS, iss, aud (this
	//    client), exp; the nonce we sent; at_hash against the access token.
	token, err := conf.Exchange(ctx, q.Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		fail("exchange: %v", err)
	}
	raw, _ := token.Extra("id_token").(string)
	idToken, err := provider.Verifier(&oidc.Config{ClientID: clientID}).Verify(ctx, raw)
	if err != nil {
		fail("ID token: %v", err)
	}
	if idToken.Nonce != nonce {
		fail("ID token: wrong nonce")
	}
	if idToken.AccessTokenHash == "" {
		fail("ID token: no at_hash")
	}
	if err := idToken.VerifyAccessToken(token.AccessToken); err != nil {
		fail("ID token: %v", err)
	}
	var claims struct {
		Sid string   `json:"sid"`
		Amr []string `json:"amr"`
	}
	if err := idToken.Claims(&claims); err != nil {
		fail("ID token claims: %v", err)
	}

	userInfo, err := provider.UserInfo(ctx, oauth2.StaticTokenSource(token))
	if err != nil {
		fail("userinfo: %v", err)
	}
	if userInfo.Subject != idToken.Subject {
		fail("userinfo: about someone else")
	}

	// A refresh: a new access token and a rotated refresh token (no new ID token: no new sign-in).
	refreshed, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: token.RefreshToken}).Token()
	if err != nil {
		fail("refresh: %v", err)
	}
	if refreshed.AccessToken == "" || refreshed.RefreshToken == token.RefreshToken {
		fail("refresh: no new tokens")
	}

	// 5. The result.
	out, _ := json.Marshal(map[string]any{
		"ok": true, "sub": idToken.Subject, "sid": claims.Sid, "email": userInfo.Email, "amr": claims.Amr,
	})
	fmt.Println(string(out))
}
