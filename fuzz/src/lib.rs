//! The fuzz targets' shared properties (see `props`), a crate of their own so that the service's
//! build never compiles libFuzzer.

pub mod props;
