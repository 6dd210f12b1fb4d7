// Verifies an access token with lestrrat-go/jwx: keys from the issuer's RFC 8414 metadata, RS256,
// typ at+jwt, iss, aud, exp, and the RFC 9068 claims. ISSUER, AUDIENCE, TOKEN from the environment.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	"github.com/lestrrat-go/jwx/v3/jwa"
	"github.com/lestrrat-go/jwx/v3/jwk"
	"github.com/lestrrat-go/jwx/v3/jws"
	"github.com/lestrrat-go/jwx/v3/jwt"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "rejected: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	issuer, audience, token := os.Getenv("ISSUER"), os.Getenv("AUDIENCE"), os.Getenv("TOKEN")
	res, err := http.Get(issuer + "/.well-known/oauth-authorization-server")
	if err != nil {
		fail("metadata: %v", err)
	}
	defer res.Body.Close()
	var meta struct {
		Issuer  string `json:"issuer"`
		JwksURI string `json:"jwks_uri"`
	}
	if err := json.NewDecoder(res.Body).Decode(&meta); err != nil || meta.Issuer != issuer {
		fail("metadata does not name this issuer")
	}
	keys, err := jwk.Fetch(context.Background(), meta.JwksURI)
	if err != nil {
		fail("keys: %v", err)
	}
	msg, err := jws.Parse([]byte(token))
	if err != nil || len(msg.Signatures()) != 1 {
		fail("not a signed JWT")
	}
	if typ, ok := msg.Signatures()[0].ProtectedHeaders().Type(); !ok || typ != "at+jwt" {
		fail("typ is not at+jwt")
	}
	tok, err := jwt.Parse([]byte(token),
		jwt.WithKeySet(keys, jws.WithInferAlgorithmFromKey(false), jws.WithRequireKid(true)),
		jwt.WithValidate(true),
		jwt.WithIssuer(issuer),
		jwt.WithAudience(audience),
		jwt.WithRequiredClaim("exp"),
		jwt.WithRequiredClaim("iat"),
		jwt.WithRequiredClaim("jti"),
		jwt.WithRequiredClaim("sub"),
		jwt.WithRequiredClaim("client_id"),
	)
	if err != nil {
		fail("%v", err)
	}
	if alg, ok := msg.Signatures()[0].ProtectedHeaders().Algorithm(); !ok || alg != jwa.RS256() {
		fail("algorithm is not RS256")
	}
	out, _ := json.Marshal(tok)
	fmt.Println(string(out))
}
