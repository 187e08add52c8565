//! A plain HTTP/1.1 client over a TCP socket: the tests talk to a real
//! server the way any client would, with nothing in between.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::Value;

pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

pub fn send(addr: SocketAddr, method: &str, path: &str, content_type: Option<&str>, body: &[u8]) -> Reply {
    let mut s = TcpStream::connect(addr).expect("the server accepts connections");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = content_type {
        head.push_str(&format!("Content-Type: {t}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    // A server may answer and close before reading an oversized body.
    let _ = s.write_all(body);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no HTTP reply: {text:?}"));
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status line");
    let content_type = head
        .lines()
        .find_map(|l| l.split_once(':').filter(|(k, _)| k.eq_ignore_ascii_case("content-type")).map(|(_, v)| v.trim()))
        .unwrap_or("")
        .to_string();
    Reply { status, content_type, body: body.to_string() }
}

pub fn get(addr: SocketAddr, path: &str) -> Reply {
    send(addr, "GET", path, None, b"")
}

pub fn post(addr: SocketAddr, path: &str, body: &Value) -> Reply {
    send(addr, "POST", path, Some("application/json"), body.to_string().as_bytes())
}
