/// The Raster module.
enum RasterModule {}
