package example;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Signs people in with the service (OpenID Connect: authorization code with PKCE, the ID token
 * checked against the discovery document's keys, issuer, audience and nonce) and shows their
 * claims at "/"; takes the service's access tokens at "/api/me" (verified offline: signature,
 * issuer, expiry and audience). Configuration: src/main/resources/application.yml.
 */
@SpringBootApplication
@RestController
public class SignInApplication {
  public static void main(String[] args) {
    SpringApplication.run(SignInApplication.class, args);
  }

  /** The API: a bearer access token for AUDIENCE, no session. */
  @Bean
  @Order(1)
  SecurityFilterChain api(HttpSecurity http) throws Exception {
    return http.securityMatcher("/api/**")
        .authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
        .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .csrf(csrf -> csrf.disable())
        .oauth2ResourceServer(server -> server.jwt(Customizer.withDefaults()))
        .build();
  }

  /**
   * The API's token check: signature by the issuer's published keys, `typ: at+jwt` (an access
   * token, RFC 9068, never an ID token), issuer, expiry, and AUDIENCE among `aud`.
   */
  @Bean
  JwtDecoder jwtDecoder(
      @Value("${spring.security.oauth2.resourceserver.jwt.issuer-uri}") String issuer,
      @Value("${spring.security.oauth2.resourceserver.jwt.audiences}") String audience) {
    NimbusJwtDecoder decoder = NimbusJwtDecoder.withIssuerLocation(issuer)
        .jwtProcessorCustomizer(processor -> processor.setJWSTypeVerifier(
            new DefaultJOSEObjectTypeVerifier<>(new JOSEObjectType("at+jwt"))))
        .build();
    decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(
        JwtValidators.createDefaultWithIssuer(issuer),
        new JwtClaimValidator<List<String>>("aud", aud -> aud != null && aud.contains(audience))));
    return decoder;
  }

  /** Everything else: signed-in people only; the sign-in comes back to REDIRECT_URI. */
  @Bean
  @Order(2)
  SecurityFilterChain web(HttpSecurity http, ClientRegistrationRepository registrations) throws Exception {
    var resolver = new DefaultOAuth2AuthorizationRequestResolver(registrations, "/oauth2/authorization");
    resolver.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce());
    String callback = URI.create(System.getenv("REDIRECT_URI")).getPath();
    return http.authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
        .oauth2Login(login -> login
            .authorizationEndpoint(endpoint -> endpoint.authorizationRequestResolver(resolver))
            .loginProcessingUrl(callback))
        .build();
  }

  /** The signed-in person's claims (the ID token's, with UserInfo's). */
  @GetMapping("/")
  Map<String, Object> me(@AuthenticationPrincipal OidcUser user) {
    return user.getClaims();
  }

  /** The access token's claims, for a caller of the API. */
  @GetMapping("/api/me")
  Map<String, Object> api(@AuthenticationPrincipal Jwt token) {
    return token.getClaims();
  }
}
