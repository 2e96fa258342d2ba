package io.axle.highway;
