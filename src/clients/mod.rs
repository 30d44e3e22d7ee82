//! Who a request comes from, and what share of heavy work each client has.
//!
//! A client is its API key when keys are configured and it bears one of them, else the address
//! that sent it (the first address a trusted proxy forwarded, when the connection comes from one;
//! IPv6 by its /64, which one subscriber usually holds whole). [`budget`] keeps each client's
//! token bucket of heavy worker time and its heavy jobs in flight.

pub mod budget;

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

use axum::http::{header, HeaderMap};

/// A client as the budgets count it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClientId {
    /// A configured API key, by its place in the list.
    Key(usize),
    /// An address (an IPv6 one cut to its /64).
    Address(IpAddr),
    /// No address known (a request served in process, as the tests do).
    Unknown,
}

/// A range of addresses in CIDR form (`10.0.0.0/8`, `fd00::/8`), or one address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpRange {
    network: IpAddr,
    prefix: u8,
}

impl IpRange {
    /// Whether `addr` lies in the range (an IPv4-mapped IPv6 address counts as IPv4).
    pub fn contains(&self, addr: IpAddr) -> bool {
        match (self.network, canonical(addr)) {
            (IpAddr::V4(net), IpAddr::V4(a)) => {
                masked(u128::from(u32::from(a)), self.prefix, 32)
                    == masked(u128::from(u32::from(net)), self.prefix, 32)
            }
            (IpAddr::V6(net), IpAddr::V6(a)) => {
                masked(u128::from(a), self.prefix, 128) == masked(u128::from(net), self.prefix, 128)
            }
            _ => false,
        }
    }
}

/// `bits` (of a `width`-bit address) with all but the first `prefix` cleared.
fn masked(bits: u128, prefix: u8, width: u32) -> u128 {
    let host = width - u32::from(prefix);
    if host >= 128 {
        0
    } else {
        bits >> host << host
    }
}

impl FromStr for IpRange {
    type Err = String;

    fn from_str(text: &str) -> Result<IpRange, String> {
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix)),
            None => (text, None),
        };
        let network: IpAddr = addr.trim().parse().map_err(|_| {
            format!("expected an address or a CIDR range such as 10.0.0.0/8, not {text:?}")
        })?;
        let width = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => width,
            Some(p) => p
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= width)
                .ok_or_else(|| format!("the prefix of {text:?} must be 0 to {width}"))?,
        };
        Ok(IpRange {
            network: canonical(network),
            prefix,
        })
    }
}

impl fmt::Display for IpRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

/// An IPv4-mapped IPv6 address as the IPv4 address it is.
fn canonical(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// How requests are told apart: the proxies whose forwarding headers are believed, and the keys.
#[derive(Clone, Debug, Default)]
pub struct ClientRules {
    /// Peers whose `Forwarded` or `X-Forwarded-For` names the client (`--trusted-proxy`).
    pub trusted_proxies: Vec<IpRange>,
    /// API keys, each a client of its own (`--api-keys-file`), by key.
    pub keys: HashMap<String, usize>,
}

impl ClientRules {
    /// The client of a request that came from `peer` with `headers`.
    pub fn identify(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> ClientId {
        if !self.keys.is_empty() {
            if let Some(key) = bearer(headers).and_then(|token| self.keys.get(token)) {
                return ClientId::Key(*key);
            }
        }
        let Some(peer) = peer.map(canonical) else {
            return ClientId::Unknown;
        };
        let forwarded = self
            .trusted_proxies
            .iter()
            .any(|range| range.contains(peer))
            .then(|| forwarded_for(headers))
            .flatten();
        ClientId::Address(per_subscriber(forwarded.unwrap_or(peer)))
    }
}

/// The token of `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|token| !token.is_empty())
}

/// The first address a proxy forwarded: `Forwarded: for=` (RFC 7239), else `X-Forwarded-For`.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    if let Some(value) = headers.get(header::FORWARDED).and_then(|v| v.to_str().ok()) {
        let first = value.split(',').next()?;
        let node = first.split(';').find_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            name.trim().eq_ignore_ascii_case("for").then_some(value)
        })?;
        return node_address(node);
    }
    let value = headers.get("x-forwarded-for")?.to_str().ok()?;
    node_address(value.split(',').next()?)
}

/// The address in a forwarded node: `192.0.2.1`, `192.0.2.1:80`, `"[2001:db8::1]:4711"`.
fn node_address(node: &str) -> Option<IpAddr> {
    let node = node.trim().trim_matches('"');
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    if let Ok(addr) = node.parse::<IpAddr>() {
        return Some(canonical(addr));
    }
    let (host, _port) = node.rsplit_once(':')?;
    host.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
}

/// IPv6 addresses by their /64: a subscriber is handed a whole /64, and a client must not get a
/// fresh budget from each of its addresses.
fn per_subscriber(addr: IpAddr) -> IpAddr {
    match canonical(addr) {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) >> 64 << 64).into()),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn rules(proxies: &[&str], keys: &[&str]) -> ClientRules {
        ClientRules {
            trusted_proxies: proxies.iter().map(|p| p.parse().unwrap()).collect(),
            keys: keys
                .iter()
                .enumerate()
                .map(|(n, k)| (k.to_string(), n))
                .collect(),
        }
    }

    #[test]
    fn a_client_is_its_peer_address_and_forwarding_headers_count_only_from_trusted_proxies() {
        let forwarded = headers(&[("x-forwarded-for", "203.0.113.9, 10.0.0.2")]);
        let none = rules(&[], &[]);
        assert_eq!(
            none.identify(Some(ip("198.51.100.7")), &forwarded),
            ClientId::Address(ip("198.51.100.7")),
            "anyone can write X-Forwarded-For"
        );
        let proxied = rules(&["10.0.0.0/8"], &[]);
        assert_eq!(
            proxied.identify(Some(ip("10.1.2.3")), &forwarded),
            ClientId::Address(ip("203.0.113.9"))
        );
        assert_eq!(
            proxied.identify(Some(ip("11.1.2.3")), &forwarded),
            ClientId::Address(ip("11.1.2.3")),
            "a peer outside the range is not believed"
        );
        assert_eq!(
            proxied.identify(Some(ip("10.1.2.3")), &HeaderMap::new()),
            ClientId::Address(ip("10.1.2.3"))
        );
        assert_eq!(none.identify(None, &forwarded), ClientId::Unknown);
    }

    #[test]
    fn forwarded_is_read_by_rfc_7239_with_ports_quotes_and_brackets() {
        let proxied = rules(&["127.0.0.1"], &[]);
        let peer = Some(ip("127.0.0.1"));
        for (value, expected) in [
            ("for=192.0.2.60;proto=http;by=203.0.113.43", "192.0.2.60"),
            (
                "For=\"[2001:db8:cafe::17]:4711\", for=10.0.0.1",
                "2001:db8:cafe::",
            ),
            ("proto=https; for=192.0.2.61:8080", "192.0.2.61"),
        ] {
            let mut map = HeaderMap::new();
            map.insert(header::FORWARDED, HeaderValue::from_str(value).unwrap());
            assert_eq!(
                proxied.identify(peer, &map),
                ClientId::Address(ip(expected)),
                "{value}"
            );
        }
        let garbage = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(
            proxied.identify(peer, &garbage),
            ClientId::Address(ip("127.0.0.1")),
            "an obfuscated node leaves the peer"
        );
    }

    #[test]
    fn a_configured_bearer_key_is_a_client_of_its_own_and_others_fall_back_to_the_address() {
        let keyed = rules(&[], &["alpha", "beta"]);
        let peer = Some(ip("192.0.2.1"));
        let with = |v: &'static str| headers(&[("authorization", v)]);
        assert_eq!(keyed.identify(peer, &with("Bearer beta")), ClientId::Key(1));
        assert_eq!(
            keyed.identify(peer, &with("bearer  alpha ")),
            ClientId::Key(0)
        );
        assert_eq!(
            keyed.identify(peer, &with("Bearer gamma")),
            ClientId::Address(ip("192.0.2.1")),
            "an unknown key buys nothing"
        );
        assert_eq!(
            keyed.identify(peer, &with("Basic YWxwaGE=")),
            ClientId::Address(ip("192.0.2.1"))
        );
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64_and_mapped_ipv4_as_ipv4() {
        let none = rules(&[], &[]);
        let a = none.identify(Some(ip("2001:db8:1:2::5")), &HeaderMap::new());
        let b = none.identify(Some(ip("2001:db8:1:2:ffff::9")), &HeaderMap::new());
        assert_eq!(a, b);
        assert_eq!(a, ClientId::Address(ip("2001:db8:1:2::")));
        assert_eq!(
            none.identify(Some(ip("::ffff:192.0.2.5")), &HeaderMap::new()),
            ClientId::Address(ip("192.0.2.5"))
        );
    }

    #[test]
    fn ranges_parse_as_cidr_and_say_what_is_wrong() {
        let range: IpRange = "10.0.0.0/8".parse().unwrap();
        assert!(range.contains(ip("10.255.0.1")));
        assert!(!range.contains(ip("11.0.0.1")));
        assert!(range.contains(ip("::ffff:10.0.0.1")));
        let all: IpRange = "::/0".parse().unwrap();
        assert!(all.contains(ip("2001:db8::1")));
        assert!(!all.contains(ip("10.0.0.1")));
        assert_eq!(
            "192.0.2.1".parse::<IpRange>().unwrap().to_string(),
            "192.0.2.1/32"
        );
        assert!("10.0.0.0/33"
            .parse::<IpRange>()
            .unwrap_err()
            .contains("0 to 32"));
        assert!("ten/8".parse::<IpRange>().unwrap_err().contains("CIDR"));
    }
}
