// A SAML 2.0 service provider web application on crewjam/saml's samlsp middleware.
//
// test/process/saml-sp-web.test.ts drives it in Chromium; docs/saml.md walks through it. It reads
// the IdP's metadata from IDP_METADATA_URL, acts as the SP BASE_URL + "/saml/metadata" with its
// assertion consumer service at BASE_URL + "/saml/acs" (HTTP-POST) and its single logout service
// at BASE_URL + "/saml/slo", signs its AuthnRequests and LogoutRequests with SP_KEY_FILE and
// SP_CERT_FILE, and listens on PORT:
//
//	GET /hello    behind RequireAccount: without a session, the browser goes to the IdP with an
//	              AuthnRequest (HTTP-Redirect, asking for PasswordProtectedTransport); with one, the
//	              page shows what the SP accepted as JSON in <pre id="result">
//	GET /logout   ends the local session and sends a LogoutRequest to the IdP; its LogoutResponse
//	              comes back to /saml/slo, which sends the browser to /
//	GET /         "Signed out" without a session, else "Signed in"
//
// IdP-initiated sign-in is allowed (to /hello). samlsp checks the signatures, Issuer,
// Destination, Recipient, Audience, InResponseTo (against the request it tracked in a cookie) and
// the validity window. Any error it refuses shows "Refused" with the error and is printed on
// stderr. It prints "listening <BASE_URL>" on one line once it answers.
package main

import (
	"context"
	"crypto"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"html"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/crewjam/saml"
	"github.com/crewjam/saml/samlsp"
)

const passwordContext = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"

func page(w http.ResponseWriter, status int, title string, result any) {
	body, _ := json.MarshalIndent(result, "", "  ")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, "<!doctype html><title>%s</title><h1>%s</h1><pre id=\"result\">%s</pre>",
		title, title, html.EscapeString(string(body)))
}

func main() {
	base, err := url.Parse(os.Getenv("BASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	pair, err := tls.LoadX509KeyPair(os.Getenv("SP_CERT_FILE"), os.Getenv("SP_KEY_FILE"))
	if err != nil {
		log.Fatal(err)
	}
	pair.Leaf, err = x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		log.Fatal(err)
	}
	metadataURL, err := url.Parse(os.Getenv("IDP_METADATA_URL"))
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	idp, err := samlsp.FetchMetadata(ctx, http.DefaultClient, *metadataURL)
	if err != nil {
		log.Fatal(err)
	}
	sp, err := samlsp.New(samlsp.Options{
		URL:                *base,
		Key:                pair.PrivateKey.(crypto.Signer),
		Certificate:        pair.Leaf,
		IDPMetadata:        idp,
		SignRequest:        true,
		SignLogout:         true,
		AllowIDPInitiated:  true,
		DefaultRedirectURI: "/hello",
		RequestedAuthnContext: &saml.RequestedAuthnContext{
			Comparison:            "exact",
			AuthnContextClassRefs: []string{passwordContext},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	sp.OnError = func(w http.ResponseWriter, _ *http.Request, err error) {
		detail := err.Error()
		if invalid, ok := err.(*saml.InvalidResponseError); ok {
			detail = fmt.Sprintf("%s: %v", detail, invalid.PrivateErr)
		}
		log.Printf("samlsp refused: %s", detail)
		page(w, http.StatusForbidden, "Refused", map[string]string{"error": detail})
	}

	mux := http.NewServeMux()
	mux.Handle("/saml/", sp)
	mux.HandleFunc("/logout", sp.HandleStartLogout)
	mux.Handle("/hello", sp.RequireAccount(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		claims, ok := samlsp.SessionFromContext(r.Context()).(samlsp.JWTSessionClaims)
		if !ok {
			page(w, http.StatusInternalServerError, "Refused", map[string]string{"error": "no JWT session"})
			return
		}
		// samlsp keeps the AuthnStatement's SessionIndex among the attributes.
		attributes := samlsp.Attributes{}
		for name, values := range claims.Attributes {
			if name != "SessionIndex" {
				attributes[name] = values
			}
		}
		page(w, http.StatusOK, "Signed in", map[string]any{
			"name_id":        claims.Subject,
			"name_id_format": claims.NameIDFormat,
			"session_index":  claims.Attributes.Get("SessionIndex"),
			"attributes":     attributes,
		})
	})))
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		if _, err := sp.Session.GetSession(r); err != nil {
			page(w, http.StatusOK, "Signed out", map[string]string{})
			return
		}
		page(w, http.StatusOK, "Signed in", map[string]string{})
	})

	listener, err := net.Listen("tcp", "127.0.0.1:"+os.Getenv("PORT"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening %s\n", base.String())
	server := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(server.Serve(listener))
}
