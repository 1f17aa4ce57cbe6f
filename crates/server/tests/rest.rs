//! The REST API through `app(state)`, without a socket: validation, status codes, the
//! documents, and the OpenAPI document matching the routes.

use crate::common;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use lockpick_server::{AppState, app, client_message_schema, server_message_schema, store::Store};
use serde_json::{Value, json};
use tower::ServiceExt;

struct App {
    router: Router,
    _dir: tempfile::TempDir,
}

async fn test_app() -> App {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("t.db").to_str().unwrap())
        .await
        .unwrap();
    let state = AppState::new(
        store,
        common::registry(),
        common::bots(),
        common::settings(),
    )
    .await
    .unwrap();
    App {
        router: app(state),
        _dir: dir,
    }
}

impl App {
    async fn call(&self, request: Request<Body>) -> (StatusCode, String) {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 22)
            .await
            .unwrap();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    async fn json(&self, method: Method, path: &str, body: Option<&str>) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(path);
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let request = request
            .body(body.map_or_else(Body::empty, |b| Body::from(b.to_owned())))
            .unwrap();
        let (status, text) = self.call(request).await;
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.json(Method::GET, path, None).await
    }

    async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        self.json(Method::POST, path, Some(&body.to_string())).await
    }

    async fn create(&self, body: Value) -> String {
        let (status, table) = self.post("/api/tables", &body).await;
        assert_eq!(status, StatusCode::CREATED, "{table}");
        table["id"].as_str().unwrap().to_owned()
    }
}

/// Asserts an error status and that the message names `names`.
#[track_caller]
fn refused(answer: &(StatusCode, Value), status: StatusCode, names: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    let message = answer.1["message"].as_str().unwrap_or_default();
    assert!(message.contains(names), "'{names}' not in '{message}'");
}

#[tokio::test]
async fn creating_a_table_checks_game_options_seats_and_bots() {
    let app = &test_app().await;
    let bad = StatusCode::BAD_REQUEST;
    let create = |body: Value| async move { app.post("/api/tables", &body).await };
    refused(
        &create(json!({"game": "chess"})).await,
        bad,
        "unknown game 'chess'",
    );
    refused(
        &create(json!({"game": "burgle", "options": {"jobb": "office"}})).await,
        bad,
        "unknown option 'jobb'",
    );
    refused(
        &create(json!({"game": "burgle", "options": {"job": "castle"}})).await,
        bad,
        "castle",
    );
    refused(
        &create(json!({"game": "burgle", "seats": 9})).await,
        bad,
        "not 9",
    );
    // Counts no seat type holds are refused as the game refuses 9, not as a type error.
    for n in [300, -1] {
        refused(
            &create(json!({"game": "burgle", "seats": n})).await,
            bad,
            &format!("this game seats 1 to 4 players, not {n}"),
        );
    }
    refused(
        &create(json!({"game": "burgle", "options": {"job": ["bank"]}})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "an option's value is a string, a number or true/false, not [\"bank\"]",
    );
    refused(
        &create(json!({"game": "burgle", "seats": 2, "bots": [{"seat": 2, "bot": "random"}]}))
            .await,
        bad,
        "bot seat 2 is out of range",
    );
    refused(
        &create(json!({"game": "burgle", "seats": 2, "bots": [
            {"seat": 1, "bot": "random"}, {"seat": 1, "bot": "heuristic"}]}))
        .await,
        bad,
        "two bots",
    );
    refused(
        &create(json!({"game": "burgle", "bots": [{"seat": 0, "bot": "oracle"}]})).await,
        bad,
        "unknown bot 'oracle'",
    );
    assert!(
        create(json!({"game": "burgle", "bots": [{"seat": 0, "bot": "oracle"}]}))
            .await
            .1
            .get("fr")
            .is_none(),
        "a refusal the server says in English only has no French"
    );
    // Options that do not go together, as a French player may choose them in the lobby: said
    // in both languages.
    let answer =
        create(json!({"game": "burgle", "options": {"job": "bank", "walls": "other_printing"}}))
            .await;
    refused(&answer, bad, "Fort Knox's other printing");
    assert_eq!(
        answer.1["fr"],
        "les murs « Autre impression » sont ceux de l'autre impression de Fort Knox : les casses \
         du Bureau et de la Banque n'ont qu'une disposition par défaut"
    );
    let answer = create(json!({"game": "burgle", "seats": 2,
        "options": {"character1": "hawk", "character2": "hawk"}}))
    .await;
    refused(&answer, bad, "the same character is named twice");
    assert_eq!(answer.1["fr"], "le même personnage est choisi deux fois");
    let answer = create(json!({"game": "burgle", "seats": 1,
        "options": {"character2": "hawk"}}))
    .await;
    refused(
        &answer,
        bad,
        "character2 is set but only one character plays",
    );
    assert_eq!(
        answer.1["fr"],
        "« Personnage 2 » est fixé, mais un seul personnage joue"
    );
    // Body problems: unknown field, not JSON, no JSON content type, too big.
    refused(
        &create(json!({"game": "burgle", "seed": 1, "sneaky": true})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "sneaky",
    );
    refused(
        &app.json(
            Method::POST,
            "/api/tables",
            Some(r#"{"game": "burgle", "options": {"job": "bank", "job": "office"}}"#),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "option 'job' is given twice",
    );
    let (status, _) = app.json(Method::POST, "/api/tables", Some("{game")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let request = Request::post("/api/tables")
        .body(Body::from(r#"{"game":"burgle"}"#))
        .unwrap();
    assert_eq!(
        app.call(request).await.0,
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    let huge = json!({"game": "burgle", "options": {"job": "x".repeat(100_000)}});
    let (status, body) = app.post("/api/tables", &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");

    // A good one: defaults filled in, the seed never shown.
    let (status, table) = app
        .post("/api/tables", &json!({"game": "burgle", "seats": 3}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{table}");
    assert_eq!(table["options"]["job"], "bank");
    assert_eq!(table["seats"].as_array().unwrap().len(), 3);
    assert!(!table.to_string().contains("seed"));
    // An option's value written as a number is read as its text.
    let (status, table) = app
        .post(
            "/api/tables",
            &json!({"game": "burgle", "seats": 1, "options": {"solo_characters": 2}}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{table}");
    assert_eq!(table["options"]["solo_characters"], "2");
}

#[tokio::test]
async fn seats_are_taken_once_and_bot_seats_not_at_all() {
    let app = &test_app().await;
    let id = app
        .create(json!({"game": "burgle", "seats": 2, "bots": [{"seat": 1, "bot": "heuristic"}]}))
        .await;
    let (status, taken) = app
        .post(
            &format!("/api/tables/{id}/seats/0"),
            &json!({"name": "Ann"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{taken}");
    let token = taken["token"].as_str().unwrap();
    assert_eq!(token.len(), 64);
    assert!(
        taken["invite"]
            .as_str()
            .unwrap()
            .ends_with(&format!("#seat=0&token={token}"))
    );
    assert!(
        taken["socket"]
            .as_str()
            .unwrap()
            .contains(&format!("/api/tables/{id}/ws?token={token}"))
    );
    let (_, table) = app.get(&format!("/api/tables/{id}")).await;
    assert_eq!(table["seats"][0]["occupant"], "player");
    assert_eq!(table["seats"][0]["name"], "Ann");
    assert!(
        !table.to_string().contains(token),
        "the token is never shown again"
    );

    let conflict = StatusCode::CONFLICT;
    let take = |seat: &str| {
        let path = format!("/api/tables/{id}/seats/{seat}");
        async move { app.json(Method::POST, &path, None).await }
    };
    let answer = take("0").await;
    refused(
        &answer,
        conflict,
        "this seat is no longer open: a player or a bot sits there",
    );
    assert!(
        !answer.1["message"].as_str().unwrap().contains('0'),
        "the lobby counts seats from 1, the API from 0: the refusal names no number"
    );
    assert_eq!(
        answer.1["fr"],
        "cette place n'est plus libre : un joueur ou un bot l'occupe"
    );
    refused(&take("1").await, conflict, "no longer open");
    refused(&take("2").await, StatusCode::BAD_REQUEST, "out of range");
    assert_eq!(take("-1").await.0, StatusCode::BAD_REQUEST);
    refused(
        &app.post(
            &format!("/api/tables/{id}/seats/0"),
            &json!({"name": "x".repeat(41)}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "40 characters",
    );
    refused(
        &app.json(Method::POST, "/api/tables/aaaaaaaaaa/seats/0", None)
            .await,
        StatusCode::NOT_FOUND,
        "no table",
    );
    refused(
        &app.get("/api/tables/..%2F..%2Fetc").await,
        StatusCode::NOT_FOUND,
        "no table",
    );
}

#[tokio::test]
async fn the_lobby_lists_tables_with_an_open_seat() {
    let app = test_app().await;
    let open = app.create(json!({"game": "burgle", "seats": 2})).await;
    let full = app
        .create(json!({"game": "burgle", "seats": 1, "bots": []}))
        .await;
    app.json(Method::POST, &format!("/api/tables/{full}/seats/0"), None)
        .await;
    let (_, list) = app.get("/api/tables").await;
    let ids: Vec<&str> = list["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [open.as_str()]);
    let (_, list) = app.get("/api/tables?all=true").await;
    assert_eq!(list["tables"].as_array().unwrap().len(), 2);
    assert_eq!(
        app.get("/api/tables?everything=1").await.0,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn games_health_pages_and_unknown_routes() {
    let app = test_app().await;
    let (status, games) = app.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(games["games"][0]["id"], "burgle");
    assert_eq!(
        games["games"][0]["bots"],
        json!(["random", "heuristic", "ismcts"])
    );
    assert!(games["games"][0]["options"].as_array().unwrap().len() > 3);

    let (status, health) = app.get("/healthz").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(health["status"], "ok");
    assert_eq!(health["store"], "sqlite");

    let (status, page) = app
        .call(Request::get("/").body(Body::empty()).unwrap())
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains(r#"<script type="module" src="/assets/app.js">"#));

    refused(
        &app.get("/nowhere").await,
        StatusCode::NOT_FOUND,
        "no such route",
    );
    let (status, _) = app.json(Method::DELETE, "/api/tables", None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn every_documented_operation_is_routed_and_every_api_route_documented() {
    let app = test_app().await;
    let id = app.create(json!({"game": "burgle"})).await;
    let (status, doc) = app.get("/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().unwrap();
    let mut operations = 0;
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let concrete = path
                .replace("{id}", &id)
                .replace("{seat}", "0")
                .replace("{step}", "0");
            let (status, body) = app.json(method.clone(), &concrete, None).await;
            assert_ne!(status, StatusCode::NOT_FOUND, "{method} {path}: {body}");
            assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            operations += 1;
        }
    }
    // The API as served, each with its method: the document has every one.
    let expected = [
        ("/api/games", "get"),
        ("/api/tables", "get"),
        ("/api/tables", "post"),
        ("/api/tables/{id}", "get"),
        ("/api/tables/{id}/seats/{seat}", "post"),
        ("/api/tables/{id}/log", "get"),
        ("/api/tables/{id}/replay/{step}", "get"),
        ("/api/tables/{id}/ws", "get"),
        ("/healthz", "get"),
        ("/openapi.json", "get"),
        ("/api/schema/client-message.json", "get"),
        ("/api/schema/server-message.json", "get"),
    ];
    for (path, method) in expected {
        assert!(
            paths[path][method].is_object(),
            "{method} {path} undocumented"
        );
    }
    assert_eq!(operations, expected.len());
    assert!(doc["components"]["schemas"]["TableSummary"].is_object());
    // Every scheme an operation requires is declared.
    assert_eq!(
        doc["components"]["securitySchemes"]["seat_token"]["scheme"],
        "bearer"
    );
    // Every schema referenced is defined.
    let text = doc.to_string();
    assert!(text.matches("#/components/schemas/").count() > 5);
    for reference in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = reference.split('"').next().unwrap();
        assert!(
            doc["components"]["schemas"][name].is_object(),
            "{name} undefined"
        );
    }
}

#[tokio::test]
async fn the_socket_message_schemas_are_served_and_cover_every_type() {
    let app = test_app().await;
    let (status, client) = app.get("/api/schema/client-message.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(client, client_message_schema());
    let (_, server) = app.get("/api/schema/server-message.json").await;
    assert_eq!(server, server_message_schema());
    let (client, server) = (client.to_string(), server.to_string());
    for ty in lockpick_server::protocol::ClientMessage::TYPES {
        assert!(
            client.contains(&format!("\"const\":\"{ty}\"")),
            "{ty}: {client}"
        );
    }
    for ty in ["welcome", "log", "update", "seats", "ack", "hint", "error"] {
        assert!(server.contains(&format!("\"const\":\"{ty}\"")), "{ty}");
    }
    for code in [
        "malformed",
        "unknown_type",
        "too_large",
        "illegal_action",
        "not_your_turn",
    ] {
        assert!(server.contains(&format!("\"{code}\"")), "{code}");
    }
}

#[tokio::test]
async fn the_log_needs_a_seat_token_while_the_game_goes_on() {
    let app = test_app().await;
    let id = app.create(json!({"game": "burgle"})).await;
    let (status, taken) = app
        .json(Method::POST, &format!("/api/tables/{id}/seats/0"), None)
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let token = taken["token"].as_str().unwrap();
    refused(
        &app.get(&format!("/api/tables/{id}/log")).await,
        StatusCode::UNAUTHORIZED,
        "only a seated player",
    );
    let (status, log) = app
        .get(&format!("/api/tables/{id}/log?token={token}"))
        .await;
    assert_eq!(status, StatusCode::OK, "{log}");
    assert_eq!(log["seat"], 0);
    assert_eq!(log["over"], false);
    assert_eq!(log["saved_game"], Value::Null);
    let request = Request::get(format!("/api/tables/{id}/log"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    assert_eq!(app.call(request).await.0, StatusCode::OK);
}

#[tokio::test]
async fn the_web_table_is_served_with_content_types_and_etags() {
    let app = test_app().await;
    for page in ["/", "/tables/k3xq9vbn2m", "/tables/k3xq9vbn2m/replay"] {
        let response = app
            .router
            .clone()
            .oneshot(Request::get(page).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{page}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "text/html; charset=utf-8"
        );
    }
    let response = app
        .router
        .clone()
        .oneshot(Request::get("/assets/app.js").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(
        headers[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    let etag = headers[header::ETAG].to_str().unwrap().to_owned();
    let again = app
        .router
        .clone()
        .oneshot(
            Request::get("/assets/app.js")
                .header(header::IF_NONE_MATCH, &etag)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let (status, css) = app
        .call(
            Request::get("/assets/style.css")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert!(css.contains("--seat-0"));
    let (status, fr) = app.get("/assets/i18n/fr.json").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fr["table.your_turn"], "À vous de jouer");
    for missing in [
        "/assets/nope.js",
        "/assets/../Cargo.toml",
        "/assets/e2e/package.json",
    ] {
        let (status, _) = app.get(missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}
