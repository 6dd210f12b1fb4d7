module example.com/sso-saml-sp

go 1.25.0

require github.com/crewjam/saml v0.6.3

require (
	github.com/beevik/etree v1.8.1 // indirect
	github.com/golang-jwt/jwt/v5 v5.3.1 // indirect
	github.com/jonboulle/clockwork v0.5.0 // indirect
	github.com/russellhaering/goxmldsig v1.6.1 // indirect
	golang.org/x/crypto v0.55.0 // indirect
)
