module example.com/sso-oidc-rp

go 1.24.0

require (
	github.com/coreos/go-oidc/v3 v3.17.0
	golang.org/x/oauth2 v0.35.0
)

require github.com/go-jose/go-jose/v4 v4.1.3 // indirect
